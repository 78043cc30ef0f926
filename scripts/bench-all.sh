#!/usr/bin/env bash
# npm run bench: every benchmark under bench/*/ (each a run.mjs that starts and
# stops what it needs and exits non-zero when over its budget). Builds first
# when there is no production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
[ -f .next/BUILD_ID ] || npx next build
status=0
for bench in bench/*/run.mjs; do
  [ -e "$bench" ] || continue
  echo "== $bench"
  node "$bench" || status=1
done
exit $status
