// Runs the production server (src/front-door/server.ts) as scripts/build.mjs compiled it into the
// build being served: NEXT_DIST_DIR's, or .next. scripts/server-command.mjs starts it.
"use strict";

const { existsSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const compiled = path.join(root, process.env.NEXT_DIST_DIR || ".next", "front-door", "server.cjs");
if (!existsSync(compiled)) {
  console.error(`No production build with its server at ${path.relative(root, compiled)}: run \`npm run build\` first.`);
  process.exit(1);
}
require(compiled);
