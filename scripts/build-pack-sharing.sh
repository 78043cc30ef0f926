#!/usr/bin/env bash
# The production build with pack sharing on (NEXT_PUBLIC_PACK_SHARING=1, a
# build flag, docs/PRODUCT.md §17) in .next-sharing, beside the default build in
# .next. tests/e2e/pack-sharing.spec.ts serves it (and runs this when the
# build is missing or older than .next).
#
# `next build` (run by scripts/build.mjs) rewrites tsconfig.json's include list and next-env.d.ts for
# another output folder; both are put back as they were.
set -euo pipefail
cd "$(dirname "$0")/.."
saved=$(mktemp -d)
cp tsconfig.json "$saved/"
[ -f next-env.d.ts ] && cp next-env.d.ts "$saved/"
restore() {
  cp "$saved/tsconfig.json" tsconfig.json
  if [ -f "$saved/next-env.d.ts" ]; then cp "$saved/next-env.d.ts" next-env.d.ts; fi
  rm -rf "$saved"
}
trap restore EXIT
NEXT_DIST_DIR=.next-sharing NEXT_PUBLIC_PACK_SHARING=1 NEXT_TELEMETRY_DISABLED=1 node scripts/build.mjs
