#!/usr/bin/env bash
# npm test: every test. Unit and API tests (PGlite, plus real Postgres when
# TEST_DATABASE_URL is set) with the production build and the static checks
# beside them, then the build's first-load JS budget, and the browser tests in
# Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
STAGE_TIMER_LABEL="npm test" source scripts/stage-timer.sh

# The static checks read the source and share nothing, so they run side by side: on two cores they
# take about as long as their longest check (typed ESLint) instead of their sum. The fences
# (docs/FENCES.md): layer boundaries, no import cycles, no dead code (lint, knip).
checks=(
  "typecheck|npx tsc --noEmit"
  "doc citations|node scripts/check-doc-citations.mjs"
  "row casts|node scripts/count-row-casts.mjs"
  "duplicates|node scripts/count-duplicates.mjs"
  "lint|npm run --silent lint"
  "knip|npm run --silent knip"
  "format (Prettier)|npm run --silent format:check"
)
# Starts every check at once and waits for them; each one's output and status land in .tmp/checks.
run_static_checks() {
  local i pids=()
  for i in "${!checks[@]}"; do
    (
      started=$SECONDS
      set +e
      bash -c "${checks[$i]#*|}" >".tmp/checks/$i.log" 2>&1
      code=$?
      echo "$code $((SECONDS - started))" >".tmp/checks/$i.status"
    ) &
    pids+=($!)
  done
  wait "${pids[@]}"
}

# Unit and API tests in the foreground; beside them the production build, then the static checks
# once the build has ended (docs/decisions/054-ci-time-and-house-rules.md). The API tests spend
# much of their time waiting on PostgreSQL (vitest's own processes use about three quarters of a
# core), no unit or API test reads the build, and the checks only read the source: the build
# alone leaves the second core to vitest for its first minutes, the checks fill it after. The
# checks' ~55 s were a stage of their own before the tests (2026-11-30: 2,630 s CI runs).
# The tests' output is kept, and the app's log lines in it are checked for phone numbers (issue 25,
# docs/decisions/031-crash-safe-worker.md); the browser tests' servers are checked at their teardown.
# Then the build's output with its time, then each check's output whole, in order, with its time;
# any failure fails the stage.
stage "unit and API tests; beside them the production build, then the static checks (typecheck, doc citations, row casts, duplicates, lint, knip, Prettier)"
mkdir -p .tmp/checks
rm -f .tmp/checks/*.status .tmp/build.status
beside_started=$SECONDS
(
  npm run build >.tmp/build-output.log 2>&1
  echo "$? $((SECONDS - beside_started))" >.tmp/build.status
  checks_started=$SECONDS
  run_static_checks
  echo "$((SECONDS - checks_started))" >.tmp/checks/took
) &
beside_pid=$!
trap '_code=$?; set +e; kill "$beside_pid" 2>/dev/null; (exit $_code); _stage_summary' EXIT
set +e
npx vitest run 2>&1 | tee .tmp/vitest-output.log
vitest_code=${PIPESTATUS[0]}
wait "$beside_pid"
set -e
trap _stage_summary EXIT
read -r build_code build_took <.tmp/build.status
echo "-- production build (beside the tests): exit ${build_code}, ${build_took} s"
cat .tmp/build-output.log
echo "-- static checks (side by side, after the build): $(cat .tmp/checks/took) s, $((SECONDS - beside_started)) s after the build started"
failed=0
for i in "${!checks[@]}"; do
  read -r code took <".tmp/checks/$i.status"
  echo "-- ${checks[$i]%%|*}: exit ${code}, ${took} s"
  cat ".tmp/checks/$i.log"
  [ "$code" -eq 0 ] || failed=1
done
[ "$vitest_code" -eq 0 ] || exit "$vitest_code"
node scripts/scan-server-logs.mjs --test-output .tmp/vitest-output.log
[ "$build_code" -eq 0 ] || { echo "the production build failed (above)" >&2; exit 1; }
[ "$failed" -eq 0 ] || { echo "static checks failed (above)" >&2; exit 1; }

stage "browser: Chromium"
# The browser tests run in Debian's chromium-headless-shell (Chromium's engine without the
# browser's own UI, which is what Playwright's headless mode runs by default) and fall back to the
# full browser where only it is installed; CHROMIUM_PATH picks one (docs/decisions/049-browser-tests-in-the-headless-shell.md).
HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell
if [ -z "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$HEADLESS_SHELL" ] || [ ! -x /usr/bin/chromium ]; then CHROMIUM_PATH="$HEADLESS_SHELL"; else CHROMIUM_PATH=/usr/bin/chromium; fi
fi
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium missing: installing Debian's chromium and chromium-headless-shell with apt"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (or set CHROMIUM_PATH), then npm test again." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH

stage "bundle budget"
node scripts/check-bundle.mjs

stage "browser tests"
# BESIDE_BROWSER_TESTS: a command run beside them, for work a later step needs that shares nothing
# with them (.ci/run: the benchmarks' season template). One worker leaves a quarter to a third of
# the two cores idle (docs/decisions/050-browser-test-traces-without-a-screencast.md); the command's
# output is printed after the tests', with its time (docs/decisions/054-ci-time-and-house-rules.md).
# Its failure does not fail the tests: the step that needs its work does it again.
beside_pid=""
if [ -n "${BESIDE_BROWSER_TESTS:-}" ]; then
  beside_started=$SECONDS
  (bash -c "$BESIDE_BROWSER_TESTS" >.tmp/beside-browser-tests.log 2>&1) &
  beside_pid=$!
fi
set +e
npx playwright test
browser_code=$?
set -e
if [ -n "$beside_pid" ]; then
  wait "$beside_pid" && beside_code=0 || beside_code=$?
  echo "-- beside the browser tests (${BESIDE_BROWSER_TESTS}): exit ${beside_code}, $((SECONDS - beside_started)) s"
  cat .tmp/beside-browser-tests.log
fi
exit "$browser_code"
