// GET /api/admin/texts – the outbox's waiting texts by kind, the sending rate and the blasts in flight (decision 073) → {ratePerSecond, ratePerDay, sentToday, depth, blasts}
import { okThrough, withAdmin } from "@/server/http/api";
import { ZOutboxOverview } from "@/domain/schemas/outbox";
import { getOutboxOverview } from "@/server/notifications/outbox-overview";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => okThrough(ZOutboxOverview, await getOutboxOverview()));
