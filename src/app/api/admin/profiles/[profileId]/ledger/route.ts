// GET /api/admin/profiles/{profileId}/ledger?cursor – the player's ledger, newest first, a page (25) at a time → {entries, nextCursor}
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listProfileLedger } from "@/server/profiles/list-profile-ledger";
import { ZPlayerLedgerPage, ZPlayerLedgerQuery, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, ZPlayerLedgerQuery);
  const page = await listProfileLedger({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerLedgerPage, { entries: page.items, nextCursor: page.nextCursor });
});
