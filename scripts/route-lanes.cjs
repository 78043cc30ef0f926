// Route lanes
// (docs/decisions/026-route-lane.md): a route module offers its own handler on
// globalThis when Next loads it (src/server/http/route-lane.ts); a request
// whose method and path match is answered by that handler straight from
// Node's request, past Next's router. A lane may decline (false): the request
// then goes to Next as before. scripts/route-lanes-preload.cjs installs it.
"use strict";

const http = require("node:http");

const REGISTRY = Symbol.for("takes.routeLanes");

/** Answers through a matching lane and returns true, or returns false for Next to answer. */
function serveThroughLane(registry, request, response) {
  if (!registry || registry.size === 0 || !request.url) return false;
  const query = request.url.indexOf("?");
  const path = query === -1 ? request.url : request.url.slice(0, query);
  for (const lane of registry.values()) {
    if (lane.method !== request.method) continue;
    const match = lane.pattern.exec(path);
    if (match) return lane.serve(request, response, match) === true;
  }
  return false;
}

/** Puts the lanes in front of every request of this process's HTTP servers. */
function installRouteLanes() {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitThroughRouteLanes(event, request, response, ...rest) {
    if (event === "request" && request && response && serveThroughLane(globalThis[REGISTRY], request, response)) return true;
    return emit.call(this, event, request, response, ...rest);
  };
}

module.exports = { serveThroughLane, installRouteLanes };
