// GET /api/admin/profiles/{profileId}/ledger?cursor – the player's ledger, newest first, a page (25) at a time → {entries, nextCursor}
import { adminPlayerPageRoute } from "@/server/http/route-kits";
import { listProfileLedger } from "@/server/profiles/list-profile-ledger";
import { ZPlayerLedgerPage, ZPlayerLedgerQuery } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const GET = adminPlayerPageRoute(ZPlayerLedgerQuery, listProfileLedger, ZPlayerLedgerPage, (page) => ({
  entries: page.items,
  nextCursor: page.nextCursor,
}));
