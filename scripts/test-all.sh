#!/usr/bin/env bash
# npm test: every test. Unit and API tests (PGlite, plus real Postgres when
# TEST_DATABASE_URL is set), then the production build, its first-load JS
# budget, and the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
STAGE_TIMER_LABEL="npm test" source scripts/stage-timer.sh

stage "typecheck"
npx tsc --noEmit

stage "doc citations"
node scripts/check-doc-citations.mjs

# Raw SQL rows are read through checked row shapes (docs/decisions/055-typed-row-edge.md).
stage "row casts"
node scripts/count-row-casts.mjs

# The fences (docs/FENCES.md): layer boundaries, no import cycles, no dead code.
stage "lint"
npm run lint

stage "knip"
npm run knip

stage "format (Prettier)"
npm run format:check

stage "unit and API tests"
# Their output is kept, and the app's log lines in it are checked for phone numbers (issue 25,
# docs/decisions/031-crash-safe-worker.md); the browser tests' servers are checked at their teardown.
mkdir -p .tmp
npx vitest run 2>&1 | tee .tmp/vitest-output.log
node scripts/scan-server-logs.mjs --test-output .tmp/vitest-output.log

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

stage "production build and bundle budget"
npm run build
node scripts/check-bundle.mjs

stage "browser tests"
npx playwright test
