# Sourced by .ci/run and scripts/test-all.sh: `stage NAME` starts a stage and
# ends the previous one; every stage's duration is printed when it ends, and
# the list of all of them when the script exits (pass or fail), so a slow CI
# run says where its time went.
_stage_name=""
# Read now: a `STAGE_TIMER_LABEL=x source …` prefix is gone by the time the exit trap runs.
_stage_label="${STAGE_TIMER_LABEL:-$0}"
_stage_started=0
_stage_report=()
_stage_end() {
  if [ -n "$_stage_name" ]; then
    local took=$((SECONDS - _stage_started))
    _stage_report+=("$(printf '%5d s  %s' "$took" "$_stage_name")")
    echo "== ${_stage_name}: ${took} s"
  fi
  _stage_name=""
}
stage() {
  _stage_end
  _stage_name="$1"
  _stage_started=$SECONDS
  echo "== $1"
}
_stage_summary() {
  local code=$?
  _stage_end
  echo "== stage times (${_stage_label}, ${SECONDS} s in all, exit ${code})"
  printf '%s\n' "${_stage_report[@]}"
  return $code
}
trap _stage_summary EXIT
