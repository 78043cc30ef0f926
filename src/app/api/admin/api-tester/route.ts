import { ok, readJson, withAdmin } from "@/server/http/api";
import { ZApiTesterRequest } from "@/server/events/requests-tools";
import { runEspnApiCall } from "@/server/events/run-espn-api-call";

export const dynamic = "force-dynamic";

/** POST /api/admin/api-tester {call, league, date|year+week|eventId|teamId} – run one ESPN call, report status, timing and JSON. */
export const POST = withAdmin(async ({ req }) => ok({ result: await runEspnApiCall(await readJson(req, ZApiTesterRequest)) }));
