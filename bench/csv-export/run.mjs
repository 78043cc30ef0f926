#!/usr/bin/env node
// Entry point for scripts/bench-all.sh: runs main.ts with the TypeScript loader, the server-only
// export condition the app code needs, and --expose-gc so each reading starts from a full collection.
import { spawnSync } from "node:child_process";
import path from "node:path";

const main = path.join(import.meta.dirname, "main.ts");
const result = spawnSync(process.execPath, ["--expose-gc", "--conditions=react-server", "--import", "tsx", main], { stdio: "inherit" });
process.exit(result.status ?? 1);
