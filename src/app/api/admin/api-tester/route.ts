import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZApiTesterAnswer, ZApiTesterRequest } from "@/domain/schemas/events";
import { runEspnApiCall } from "@/server/events/run-espn-api-call";

export const dynamic = "force-dynamic";

/** POST /api/admin/api-tester {call, league, date|year+week|eventId|teamId} – run one ESPN call, report status, timing and JSON. */
export const POST = withAdmin(async ({ req }) =>
  okThrough(ZApiTesterAnswer, { result: await runEspnApiCall(await readJson(req, ZApiTesterRequest)) }),
);
