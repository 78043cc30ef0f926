#!/usr/bin/env node
// Entry point for scripts/bench-all.sh (the paced outbox, decision 073): runs main.ts with the TypeScript
// loader and the server-only export condition the app code needs.
import { spawnSync } from "node:child_process";
import path from "node:path";

const main = path.join(import.meta.dirname, "main.ts");
const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", main], { stdio: "inherit" });
process.exit(result.status ?? 1);
