// Preloaded into the production server before peer-address.cjs
// (SERVER_NODE_FLAGS in server-command.mjs), so a request reaches a lane with
// the peer address already written, as it would reach Next: the pack
// submission is answered by its own route handler past Next's router
// (scripts/route-lanes.cjs, docs/decisions/026-route-lane.md).
// ROUTE_LANES=off leaves every request to Next.
"use strict";

if (String(process.env.ROUTE_LANES ?? "").toLowerCase() !== "off") require("./route-lanes.cjs").installRouteLanes();
