#!/usr/bin/env bash
# npm run bench: every benchmark under bench/*/ (each a run.mjs that starts and
# stops what it needs, prints its figures and exits non-zero when over its
# budget). Builds first when there is no production build.
#
# Every budget is enforced: a benchmark over budget, or one that could not
# measure, fails the run. A budget that a change cannot meet yet may be listed
# in REPORT_ONLY (names of bench/ folders): its figures and "OVER BUDGET" are
# then printed without failing CI, and the gap belongs in the issue notes.
# BENCH_ENFORCE=1 enforces every budget regardless.
#   submit-takes  >= 40% of the trivial route (median of three rounds), p99 <= 3x, goal 50% printed
#                 beside it. Through Next's router a submission was 33-40% on 2-core hosts of this
#                 kind; answered by its route lane (decision 026) 55-60% (2026-11-26).
#   grade-prop    0.85-1.2 s on recent CI runs (budget 2 s); leaderboard catch-up 41 s (budget 60 s)
#   leaderboard   p50 about 1 ms (budget in bench/leaderboard/run.mjs)
#   lighthouse    median >= 95 on `/` and a pack page at the calibrated CPU slowdown and at a
#                 forced 6x, CLS <= 0.05, TBT <= 150 ms (issue 19). Where a bare Next.js page misses
#                 that budget itself (decision 048: hosts whose fresh memory is slow), each page is
#                 judged against it instead, at 6x: at most 5 points under it and 150 ms of TBT over
#                 it (issue 38). Figures in docs/decisions/048-hosts-with-slow-memory.md.
#   cold-start    the README quick start within 3 minutes (~110 s here)
#   season        every page's p50 on a season database within max(1.5x, +10 ms) of a demo-only
#                 one, measured alternately in one run (quarter season in CI). 9 of 18 targets
#                 were over on 2026-11-26 before decision 024; 18 of 18 within after it.
#   surge         a kickoff mix on a season database at 100 connections: 186% of the trivial route,
#                 p99 227 ms on 2026-11-29 once the session answer had its lane (decision 026); before it 96.5% of the trivial
#                 route's throughput, p99 220 ms (budget 50%, p99 500 ms) since public pages come
#                 from the shared page cache (decision 025); 7.6% and p99 2.1 s before it.
#   live          2,000 live streams in CI (10,000 in full) on one server, score changes alone and during
#                 surge's kickoff mix: every stream gets every change, delivery p99 <= 2 s, and the
#                 mix keeps surge's budgets; memory per 1,000 streams and CPU per update printed
#                 (docs/decisions/053-game-day-live.md has the figures). Mix beside the streams p99
#                 190 ms, delivery p99 265 ms during it, on 2026-11-29.
#   front-door    the page cache's memory bound under the issue-36 attack (20,000 distinct URLs and
#                 2,000 12 KB Hosts in CI): the cache counts <= 64 MB, and resident memory and what
#                 the heap keeps after a full collection grow <= 96 MB; 21 MB and 8 MB on 2026-11-29
#                 (the build before the front door: 772 MB and 738 MB). It also prints, unjudged,
#                 our page cache beside nginx's proxy_cache and none, and the request context beside
#                 OpenTelemetry (docs/decisions/052-one-owned-server.md).
#   csv-export    a pack of 100,000 takes exported as CSV through the real routes (picks, ledger): resident
#                 memory and heap grow <= 100 MB while streaming; printed beside the same export built in
#                 memory in the same run (docs/decisions/063-bulk-tools.md). Picks grew 1.1 MB resident,
#                 17.6 MB heap (1.6 MB live) streamed vs 54 / 66 MB in memory, about 25 s, on 2026-11-30.
#   standings     a league season's standings page on a season database (quarter in CI): p50 <= 150 ms,
#                 printed beside a week's page, the weekly winners and the season summed from scratch as
#                 the reader did before its maintained scopes (docs/decisions/062-league-standings.md).
#                 Season page p50 50 ms (default order), weekly winners 76 ms, from scratch 164 ms warm
#                 (0.7-1.0 s with a cold cache), about 65 s in all with the load, on 2026-11-30.
#   outbox        a pack opening of 50,000 queued texts (400/s in CI; 600/s otherwise) drained by two worker
#                 processes against the Twilio-compatible test server while a sign-in code goes every 250 ms
#                 and surge's kickoff mix runs for the whole drain, all on one season database (quarter in
#                 CI, copied from the template): the measured rate within ±5% of the configured one, no 5 s
#                 window over it plus the burst and the texts in flight, code p99 <= 2 s, printed beside the
#                 codes' p99 with nothing queued; the mix's own figures and budgets printed, judged by surge
#                 (decision 073). Rate 394.8/s, code p99 85 ms, mix p99 223 ms beside it; 174 s in all, the
#                 drain 130 s of it, on 2026-11-30.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
REPORT_ONLY=""
[ -f .next/BUILD_ID ] || npm run build || exit 1
status=0
summary=()
# The quick-start benchmark (a fresh clone and npm ci: heavy disk writes) runs
# last, so it does not disturb the timings of the others.
benches=$(ls bench/*/run.mjs | grep -v '^bench/cold-start/'; ls bench/cold-start/run.mjs 2>/dev/null)
# surge, live, outbox, season and standings measure the same season database: the first loads it into a template
# (about a minute at CI size), the others copy it in seconds (bench/season-database.mjs). Dropped at the end.
# .ci/run names it itself and makes it beside the browser tests (docs/decisions/054-ci-time-and-house-rules.md).
export BENCH_SEASON_TEMPLATE="${BENCH_SEASON_TEMPLATE:-takes_bench_tpl_$$}"
trap 'node bench/season-database.mjs --drop >/dev/null 2>&1 || true' EXIT
# Percent of CPU time idle over the next two seconds, from /proc/stat.
idle_percent() {
  local a b
  read -r -a a < <(head -1 /proc/stat)
  sleep 2
  read -r -a b < <(head -1 /proc/stat)
  local total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
  echo $(( total > 0 ? 100 * ((b[4] - a[4]) + (b[5] - a[5])) / total : 100 ))
}
# Timings mean little on a busy machine (the 2-core CI machine also runs
# Postgres' own background work after the previous step): wait up to a minute
# for it to settle, and say what was running if it did not.
settle() {
  local waited=0 idle flushed=$SECONDS
  # Dirty pages the tests left (two builds, browser traces, embedded databases) would be
  # written back while a benchmark's transactions wait on fsync: one CI run's grade-prop
  # measured 1.7-2.6 s right after the browser tests and 1.26 s when run again. Flush first.
  sync
  flushed=$((SECONDS - flushed))
  idle=$(idle_percent)
  while [ "$idle" -lt 85 ] && [ "$waited" -lt 60 ]; do
    sleep 3
    waited=$((waited + 5))
    idle=$(idle_percent)
  done
  echo "machine: ${idle}% idle before this benchmark (waited ${waited} s; disk flushed in ${flushed} s)"
  if [ "$idle" -lt 85 ] && command -v top >/dev/null; then
    top -b -n 2 -d 1 -o %CPU | awk '/^top -/{n++} n==2' | sed -n '7,12p'
  fi
}
for bench in $benches; do
  [ -e "$bench" ] || continue
  name=$(basename "$(dirname "$bench")")
  echo "== $bench"
  settle
  # A benchmark that only reports (lighthouse without LIGHTHOUSE_ENFORCE) exits
  # 0 when over budget, so its own verdict line counts too.
  out=$(mktemp)
  started=$SECONDS
  node "$bench" 2>&1 | tee "$out"
  code=${PIPESTATUS[0]}
  grep -q "OVER BUDGET" "$out" && [ "$code" -eq 0 ] && code=1
  rm -f "$out"
  took="$((SECONDS - started)) s"
  if [ "$code" -eq 0 ]; then
    summary+=("$name: within budget ($took)")
  elif [ "${BENCH_ENFORCE:-0}" != "1" ] && [[ " $REPORT_ONLY " == *" $name "* ]]; then
    summary+=("$name: OVER BUDGET or failed, reported, not enforced ($took)")
  else
    summary+=("$name: OVER BUDGET or failed ($took)")
    status=1
  fi
done
echo "== benchmark summary"
printf '  %s\n' "${summary[@]}"
exit $status
