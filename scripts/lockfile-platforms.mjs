#!/usr/bin/env node
// The npm registry mirror this project's machines use serves only Linux builds
// of platform-specific optional packages (Next's SWC, Tailwind's oxide, …), so
// `npm install` leaves the other platforms out of package-lock.json and
// `npm ci` then refuses the lock. This records each missing optional package
// with its platform (os/cpu from its name), which npm ci skips on other
// machines. Run it after changing dependencies: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
const PLATFORM = /(darwin|win32|linux|android|freebsd|wasm32|openbsd|sunos|netbsd|aix|openharmony)-([a-z0-9]+)/;
let added = 0;
for (const [key, meta] of Object.entries({ ...packages })) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (packages[nested] || packages[top]) continue;
    const entry = { version, optional: true };
    const match = PLATFORM.exec(dep.split("/").pop());
    if (match) {
      if (match[1] === "wasm32") entry.cpu = ["wasm32"];
      else Object.assign(entry, { os: [match[1]], cpu: [match[2]] });
    }
    packages[top] = entry;
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} platform-specific optional packages`);
