#!/usr/bin/env node
// `npm run serve [-- -p PORT]`: the production server, `next start` with the
// Node flags it is tuned for (scripts/server-command.mjs). Deployments set
// their own configuration (DATABASE_URL, NEXTAUTH_SECRET, ...) in the environment.
import { spawn } from "node:child_process";
import { serverCommand } from "./server-command.mjs";

const [command, args] = serverCommand(process.argv.slice(2));
const server = spawn(command, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
