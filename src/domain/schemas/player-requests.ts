// Request schemas of the player routes: the feed, a pack's takes and their submission, the
// leaderboard, receipts, the header's balance, sign-in codes and usernames. Their answers are
// valibot schemas in play.ts and session.ts, which the first-load pages parse with; these are zod
// and only the route handlers read them, so they stay out of those pages' JavaScript
// (docs/decisions/046-one-typed-contract.md).
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { idSchema } from "@/domain/ids";
import { LEADERBOARD_PERIODS } from "@/domain/leaderboard-scope";
import { MAX_LIVE_GAMES } from "@/domain/live";
import { USERNAME_RULE_MESSAGE } from "@/domain/username";
import { ZCursor } from "./cursor";
import { idList, optionalDay, requiredText, wholeNumberBetween } from "./fields";

// ---------------------------------------------------------------- the feed

/** The feed's phases as `view` names them (any case, "-" or "_" for the space) → the phase. */
export const PACK_VIEWS = { open: "open", "coming soon": "coming-soon", closed: "closed", all: "all" } as const;

/** Packs per answer of GET /api/packs at most (`limit`); `nextCursor` leads to the rest. */
const PACKS_API_MAX = 200;

/** GET /api/packs?view&league&date&limit&cursor. */
export const ZPacksQuery = z.object({
  view: z
    .string()
    .optional()
    .transform((v) => (v ?? "all").toLowerCase().replace(/[-_]/g, " "))
    .pipe(z.enum(Object.keys(PACK_VIEWS) as [keyof typeof PACK_VIEWS], { message: "Unknown view" })),
  league: z.enum(SUPPORTED_LEAGUES, { message: "Unsupported league" }).optional(),
  /** A New York day (YYYY-MM-DD): every pack of that day, however old, instead of the front of the feed. */
  date: optionalDay("Invalid date"),
  /** A page of at most `limit` packs (the route's PACKS_API_PAGE when absent) after `cursor` (src/server/http/keyset.ts). */
  limit: wholeNumberBetween(1, PACKS_API_MAX, "Invalid limit").optional(),
  cursor: ZCursor.optional(),
});

/** At most this many packs per progress question: a page of feed cards is 24. */
export const PROGRESS_PACKS_MAX = 100;

/** GET /api/packProgress?ids=a,b: pack ids, repeats dropped. */
export const ZPackProgressQuery = z.object({
  ids: idList(
    { missing: "Missing ids", notAnId: "ids must be pack ids", tooMany: `At most ${PROGRESS_PACKS_MAX} packs` },
    PROGRESS_PACKS_MAX,
  ),
});

// ---------------------------------------------------------------- takes

/** POST /api/packs/{packURL}/takes: every pick of a pack at once. */
export const ZSubmitTakesRequest = z.object({
  takes: z
    .array(
      z.object({
        propId: idSchema("Unknown prop"),
        side: z.enum(["A", "B"], { message: "Side must be A or B" }),
      }),
    )
    .min(1, "Pick at least one side")
    .max(100, "Too many takes in one submission")
    .refine((list) => new Set(list.map((t) => t.propId)).size === list.length, "Each prop can be picked once"),
  // Printable ASCII (the client sends a UUID): the key is written into the submission's SQL as a literal.
  idempotencyKey: z
    .string()
    .trim()
    .min(8, "Missing idempotency key")
    .max(100)
    .regex(/^[\x21-\x7e]+$/, "Invalid idempotency key"),
  ref: z.string().trim().max(40).optional().nullable(),
});
export type SubmitTakesRequest = z.infer<typeof ZSubmitTakesRequest>;

/** GET /api/userTakes?packURL&cursor&limit: a page of the signed-in player's current takes. */
export const ZUserTakesQuery = z.object({
  packURL: z.string().trim().max(80).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /api/packs/{packURL}/userTakes?profileID: whose takes (a handle). */
export const ZPackUserTakesQuery = z.object({
  profileID: requiredText("Missing profileID", 40),
});

// ---------------------------------------------------------------- receipts

const MISSING_RECEIPT_KEY = "Missing packURL or profileID";

/** GET /api/receipts/resolve?packURL&profileID. */
export const ZReceiptResolveQuery = z.object({
  packURL: requiredText(MISSING_RECEIPT_KEY, 80),
  profileID: requiredText(MISSING_RECEIPT_KEY, 40),
});

/** POST /api/notifyPackSubmitted: the receipt to text the player. */
export const ZNotifyPackSubmittedRequest = z.object({
  packURL: z.string().trim().min(1, "Missing packURL").max(80),
  packTitle: z.string().max(200).optional(),
  receiptId: z.string().trim().min(1, "Missing receiptId").max(40),
});

// ---------------------------------------------------------------- leaderboard

/** GET /api/leaderboard?scope&key&period&page. */
export const ZLeaderboardQuery = z.object({
  scope: z.enum(["all", "league", "pack", "contest", "team"]).default("all"),
  /** packURL, contest id or slug, team id or `league:slug`. */
  key: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,100}$/, "Unknown leaderboard.")
    .optional(),
  period: z.enum(LEADERBOARD_PERIODS).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

// ---------------------------------------------------------------- profile and sign-in

/** The views of GET /api/profile/{profileID}?select=…, each with its own access rule (the route maps each to its use-case). */
export const PROFILE_SELECTS = ["tokens"] as const;
export type ProfileSelect = (typeof PROFILE_SELECTS)[number];

/** GET /api/profile/{profileID}?select. */
export const ZProfileQuery = z.object({
  select: z.enum(PROFILE_SELECTS, { error: "Unsupported select: use select=tokens." }),
});

/** POST /api/profile/updateUsername (the rule itself is checked by the use-case). */
export const ZUpdateUsernameRequest = z.object({
  username: z.string({ error: USERNAME_RULE_MESSAGE }).max(64, USERNAME_RULE_MESSAGE),
});

/** POST /api/profile/deleteAccount: the player types their own username to confirm (decision 057). */
export const ZDeleteAccountRequest = z.object({
  confirmHandle: z
    .string({ error: "Type your username to confirm." })
    .trim()
    .min(1, "Type your username to confirm.")
    .max(64, "Type your username exactly as shown to confirm."),
});

/** POST /api/sendCode (the number itself is checked by the use-case). */
export const ZSendCodeRequest = z.object({
  phone: z.string({ error: "Please enter a 10-digit phone number." }).max(32, "Please enter a 10-digit phone number."),
});

// ---------------------------------------------------------------- game day, live

/** GET /api/live/stream and GET /api/live: `events=a,b` (game ids, repeats dropped; docs/decisions/053-game-day-live.md). */
export const ZLiveQuery = z.object({
  events: idList(
    { missing: "Missing events", notAnId: "events must be game ids", tooMany: `At most ${MAX_LIVE_GAMES} games` },
    MAX_LIVE_GAMES,
  ),
});
