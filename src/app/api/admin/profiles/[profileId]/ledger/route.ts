// GET /api/admin/profiles/{profileId}/ledger?cursor – the player's ledger, newest first, a page (25) at a time → {entries, nextCursor}
import { z } from "zod";
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listProfileLedger } from "@/server/profiles/list-profile-ledger";
import { ZPlayerLedgerPage, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

const ZLedgerQuery = z.object({ cursor: z.string().regex(/^[1-9][0-9]{0,17}$/, "Invalid cursor").optional() });

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, ZLedgerQuery);
  const page = await listProfileLedger({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerLedgerPage, { entries: page.items, nextCursor: page.nextCursor });
});
