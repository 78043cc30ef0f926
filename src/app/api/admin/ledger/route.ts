// GET /api/admin/ledger?profile={handle or id}&page=1 – a profile's balance and ledger rows, newest first
import { z } from "zod";
import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listLedgerEntries } from "@/server/ledger/list-ledger-entries";
import { ZProfileKey } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

const ZLedgerQuery = z.object({
  profile: ZProfileKey,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const GET = withAdmin(async ({ req }) => {
  const query = readQuery(req, ZLedgerQuery);
  return ok({ ...(await listLedgerEntries({ profile: query.profile, page: query.page })) });
});
