// GET /api/admin/ledger?profile={handle or id}&page=1 – a profile's balance and ledger rows, newest first
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listLedgerEntries } from "@/server/ledger/list-ledger-entries";
import { ZLedgerQuery, ZProfileLedgerAnswer } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => {
  const query = readQuery(req, ZLedgerQuery);
  return okThrough(ZProfileLedgerAnswer, await listLedgerEntries({ profile: query.profile, page: query.page }));
});
