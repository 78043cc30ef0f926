// Request schemas of the admin players screen (docs/SCREENS.md §3.12, §3.13), shared by
// its forms and route handlers.
import { z } from "zod";
import { keysetPage, ZCursor } from "./cursor";
import { packRowFields, ZAdminReason } from "./fields";
import { ZLedgerEntryView } from "./grading";
import { ZExchangeRecord } from "./marketplace";

/** POST /api/admin/profiles/{profileId}/role: grant or take back the commissioner role (decision 064). */
export const ZCommissionerRequest = z.object({
  commissioner: z.boolean({ error: "Say whether to grant or take back the commissioner role." }),
  reason: ZAdminReason,
});
export const ZCommissionerAnswer = z.object({ commissioner: z.boolean() });
export type CommissionerResult = z.infer<typeof ZCommissionerAnswer>;

export const ZSuspensionRequest = z.object({
  suspended: z.boolean({ error: "Say whether to suspend or restore the player." }),
  reason: ZAdminReason,
});

/** GET /api/admin/profiles?q&cursor&limit: app users by handle prefix or phone. */
export const ZPlayerSearchQuery = z.object({
  /** A handle prefix or a phone number (any punctuation). */
  q: z.string().max(40, "Search for at most 40 characters.").default(""),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** GET /api/admin/profiles/{profileId}/takes?cursor and …/exchanges?cursor: the next page. */
export const ZPlayerPageQuery = z.object({ cursor: ZCursor.optional() });

/** GET /api/admin/profiles/{profileId}/ledger?cursor: the next page, after the ledger row whose id (a bigint) is the cursor. */
export const ZPlayerLedgerQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "Invalid cursor")
    .optional(),
});

// ---------------------------------------------------------------------------
// Answers: what the players screen's endpoints send back (inside `{success: true, …}`), one schema
// shared by the route that answers through it and the screen that parses it (src/components/api/api-fetch.ts).
// Phones appear here only because these views are for admins (docs/SCREENS.md §3).

/** One row of the players search. */
export const ZAdminPlayerRow = z.object({
  id: z.string(),
  handle: z.string(),
  /** Null once the player deleted their account (decision 057). */
  phone: z.string().nullable(),
  balanceCents: z.number().int(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
});
export type AdminPlayerRow = z.infer<typeof ZAdminPlayerRow>;

/** The head of a player's page. */
export const ZAdminPlayerDetail = ZAdminPlayerRow.extend({
  superAdmin: z.boolean(),
  /** May build, open and grade packs (decision 064). */
  commissioner: z.boolean(),
  suspendedReason: z.string().nullable(),
});
export type AdminPlayerDetail = z.infer<typeof ZAdminPlayerDetail>;

/** One pack a player took part in, with their current takes on it. */
export const ZAdminPlayerPack = z.object({
  ...packRowFields,
  status: z.string(),
  lastTakeAt: z.string(),
  takes: z.array(
    z.object({ propId: z.string(), statement: z.string(), result: z.string(), points: z.number(), tokensCents: z.number().int() }),
  ),
});
export type AdminPlayerPack = z.infer<typeof ZAdminPlayerPack>;

/** A row of the player's ledger: the admin ledger's row (src/domain/schemas/grading.ts) with its id as text (a bigint) and whole cents, without the keys only that page shows. */
export const ZAdminLedgerRow = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  ...ZLedgerEntryView.pick({ kind: true, reason: true, packURL: true, actorHandle: true, createdAt: true }).shape,
});
export type AdminLedgerRow = z.infer<typeof ZAdminLedgerRow>;

/** A player's exchange as the admin lists it: the player's own record (src/domain/schemas/marketplace.ts) under the exchange's id. */
export const ZAdminExchangeRow = z.object({
  id: z.string(),
  ...ZExchangeRecord.pick({ itemName: true, tokens: true, code: true, createdAt: true }).shape,
});
export type AdminExchangeRow = z.infer<typeof ZAdminExchangeRow>;

/** GET /api/admin/profiles/{profileId}: one player for the admin player page. */
export const ZAdminPlayerAnswer = z.object({ player: ZAdminPlayerDetail });

/** GET /api/admin/profiles?q&cursor: a page of players. */
export const ZPlayerSearchPage = keysetPage({ players: z.array(ZAdminPlayerRow) });
/** GET /api/admin/profiles/{profileId}/takes?cursor: a page of the player's packs and takes. */
export const ZPlayerPacksPage = keysetPage({ packs: z.array(ZAdminPlayerPack) });
/** GET /api/admin/profiles/{profileId}/ledger?cursor: a page of the player's ledger. */
export const ZPlayerLedgerPage = keysetPage({ entries: z.array(ZAdminLedgerRow) });
/** GET /api/admin/profiles/{profileId}/exchanges?cursor: a page of the player's exchanges. */
export const ZPlayerExchangesPage = keysetPage({ exchanges: z.array(ZAdminExchangeRow) });

/** POST /api/admin/profiles/{profileId}/suspension: when the player was suspended now, or null once restored. */
export const ZSuspensionAnswer = z.object({ suspendedAt: z.string().nullable() });
export type SuspensionResult = z.infer<typeof ZSuspensionAnswer>;
