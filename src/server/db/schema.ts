// The whole data model of docs/PRODUCT.md. Rules that protect value (points, tokens,
// codes, takes) are enforced here as constraints as well as in src/domain, so
// that concurrent requests cannot break them.
//
// Conventions: every key is a uuid (profiles are referenced by uuid only; the
// handle is a mutable attribute); every timestamp is timestamptz; tokens are
// integer hundredths ("cents") so sums are exact.
import { sql } from "drizzle-orm";
import { SUPPORTED_LEAGUES } from "../../config";
import { AWARD_CARD_STATUSES, AWARD_KINDS } from "../../domain/awards";
import { CONTEST_STATUSES } from "../../domain/contest-status";
import { CHALLENGE_STATUSES, H2H_OUTCOMES } from "../../domain/h2h";
import { LIVE_STATES } from "../../domain/live";
import { DELIVERY_STATUSES } from "../../domain/sms-delivery";
import { ITEM_STATUSES } from "../../domain/marketplace";
import { TAKE_RESULTS } from "../../domain/points";
import { DEFAULT_REMINDER_LEAD_MINUTES, REMINDER_LEAD_MINUTES, US_TIME_ZONE_IDS } from "../../domain/quiet-hours";
import { PRICE_SOURCES } from "../../domain/prices";
import { STANDINGS_TIE_BREAKS } from "../../domain/standings-rules";
import { BLAST_TEXT_KIND, textPrioritySql } from "../../domain/text-priority";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  doublePrecision,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const LEAGUES = SUPPORTED_LEAGUES;
export const PACK_STATUSES = ["draft", "coming-soon", "open", "live", "graded", "archived"] as const;
export const PROP_STATUSES = ["open", "closed", "gradedA", "gradedB", "push", "void"] as const;
export const EVENT_STATUSES = ["scheduled", "in_progress", "final", "postponed", "suspended", "cancelled"] as const;
export const LEDGER_KINDS = [
  "take_payout",
  "take_payout_reversal",
  "award_claim",
  "referral_bonus",
  "exchange",
  "h2h_bonus",
  "admin_adjustment",
] as const;

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// ---------------------------------------------------------------- identity

export const profiles = pgTable(
  "profiles",
  {
    id: id(),
    handle: text("handle").notNull(),
    handleIsGenerated: boolean("handle_is_generated").notNull().default(true),
    /** Null once the player deleted their account (docs/PRODUCT.md §1, decision 057). */
    phone: text("phone"),
    superAdmin: boolean("super_admin").notNull().default(false),
    /**
     * Granted by a super admin on the admin player page: may build, open and grade packs, and
     * nothing else of the admin area (docs/decisions/064-commissioner-role.md).
     */
    commissioner: boolean("commissioner").notNull().default(false),
    favoriteTeamId: uuid("favorite_team_id").references(() => teams.id, { onDelete: "set null" }),
    avatarUrl: text("avatar_url"),
    smsOptOut: boolean("sms_opt_out").notNull().default(false),
    smsConsentAt: ts("sms_consent_at"),
    /** Copied into every session token; logging out adds one, which revokes every older token (decision 018). */
    sessionVersion: integer("session_version").notNull().default(0),
    /** Set by an admin: a suspended player cannot sign in, and suspending ends their sessions (docs/decisions/034-players-screen.md). */
    suspendedAt: ts("suspended_at"),
    suspendedReason: text("suspended_reason"),
    /** When the player deleted their account: the profile stays, anonymous, so boards and the ledger still add up (decision 057). */
    deletedAt: ts("deleted_at"),
    /**
     * The AI player (docs/decisions/069-rivals-and-the-ai-player.md): one profile, made by its
     * migration, with no phone, so it cannot sign in or be texted; it picks every prop when a
     * pack opens, is graded like anyone and is never a winner or paid diamonds.
     */
    isBot: boolean("is_bot").notNull().default(false),
    /** When the owner last saw their badges: one earned later is celebrated once (docs/decisions/068-streaks-badges-recaps.md). */
    badgesSeenAt: ts("badges_seen_at"),
    /** Reminder texts before a followed pack closes, and how long before (docs/decisions/072-reminders-and-quiet-hours.md). */
    remindersOn: boolean("reminders_on").notNull().default(true),
    reminderLeadMinutes: integer("reminder_lead_minutes").notNull().default(DEFAULT_REMINDER_LEAD_MINUTES),
    /** The player's chosen US time zone for quiet hours; null = their area code's, else Eastern (decision 072). */
    timeZone: text("time_zone"),
    /**
     * Set when a text to this number failed for good (a landline, an unknown or blocked number:
     * docs/decisions/071-delivery-on-the-record.md): nothing but sign-in codes is texted to it
     * until the player signs in again with a code, which clears it and stamps `smsDeliverableAt`.
     */
    smsUndeliverableAt: ts("sms_undeliverable_at"),
    /** The carrier's error code that set the mark, e.g. `30006`. */
    smsUndeliverableReason: text("sms_undeliverable_reason"),
    /** The last sign-in that proved the number reads texts: a failure of an older text does not mark it again. */
    smsDeliverableAt: ts("sms_deliverable_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_handle_lower_key").on(sql`lower(${t.handle})`),
    uniqueIndex("profiles_phone_key").on(t.phone),
    // The admin players search: handle prefix and keyset order in byte order (drizzle/0021).
    index("profiles_handle_search_idx").on(sql`(lower(${t.handle}) collate "C")`),
    // Any part of a handle, three characters or more: a trigram GIN index (pg_trgm, decision 065).
    index("profiles_handle_trgm_idx").using("gin", sql`lower(${t.handle}) gin_trgm_ops`),
    check("profiles_phone_e164", sql`${t.phone} ~ '^\\+1[0-9]{10}$'`),
    // A profile has a phone exactly until it is deleted.
    check("profiles_phone_until_deleted", sql`${t.isBot} or (${t.phone} is null) = (${t.deletedAt} is not null)`),
    // The AI player has no phone: it cannot sign in, and nothing can text it.
    check("profiles_bot_has_no_phone", sql`not ${t.isBot} or ${t.phone} is null`),
    check("profiles_handle_shape", sql`${t.handle} ~ '^[A-Za-z0-9_]{3,20}$'`),
    check("profiles_session_version_not_negative", sql`${t.sessionVersion} >= 0`),
    check("profiles_reminder_lead", sql.raw(`reminder_lead_minutes in (${REMINDER_LEAD_MINUTES.join(", ")})`)),
    check("profiles_time_zone", sql`${t.timeZone} is null or ${inList("time_zone", US_TIME_ZONE_IDS)}`),
  ],
);

/**
 * Handles a profile went by before it chose its username (issue 39): a share link made with the
 * first automatic handle (`?ref=taker123456`) still names its player afterwards. Keyed by the
 * handle in lower case; a handle a player takes now wins over one somebody used to have.
 */
export const previousHandles = pgTable("previous_handles", {
  handleKey: text("handle_key").primaryKey(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  replacedAt: ts("replaced_at").notNull().defaultNow(),
});

/**
 * The live sign-in code of a phone for one browser: the row is keyed by the
 * phone and a hash of the browser's sign-in ticket, so a code can only be
 * checked (and killed) from the browser that asked for it; that browser's
 * next code replaces the row (docs/decisions/002-otp-rules.md).
 */
export const loginCodes = pgTable(
  "login_codes",
  {
    phone: text("phone").notNull(),
    ticketHash: text("ticket_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: ts("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.phone, t.ticketHash] }),
    index("login_codes_expires_idx").on(t.expiresAt),
    check("login_codes_attempts_nonneg", sql`${t.failedAttempts} >= 0`),
  ],
);

/** Fixed-window counters shared by every app instance (sign-in and other limits). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limit_counters_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------- sports data

export const teams = pgTable(
  "teams",
  {
    id: id(),
    league: text("league").notNull(),
    espnTeamId: text("espn_team_id").notNull(),
    teamType: text("team_type").notNull().default("team"),
    slug: text("slug").notNull(),
    abbreviation: text("abbreviation").notNull(),
    name: text("name").notNull(),
    fullName: text("full_name").notNull(),
    location: text("location"),
    logoUrl: text("logo_url"),
    color: text("color"),
    alternateColor: text("alternate_color"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("teams_league_espn_key").on(t.league, t.espnTeamId),
    uniqueIndex("teams_league_slug_key").on(t.league, t.slug),
    check("teams_league", inList("league", LEAGUES)),
    check("teams_type", inList("team_type", ["team", "league"])),
  ],
);

export const players = pgTable(
  "players",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    espnPlayerId: text("espn_player_id").notNull(),
    fullName: text("full_name").notNull(),
    position: text("position"),
    jersey: text("jersey"),
    headshotUrl: text("headshot_url"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("players_team_espn_key").on(t.teamId, t.espnPlayerId)],
);

export const events = pgTable(
  "events",
  {
    id: id(),
    league: text("league").notNull(),
    espnEventId: text("espn_event_id"),
    title: text("title").notNull(),
    shortName: text("short_name"),
    startTime: ts("start_time").notNull(),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("scheduled"),
    statusDetail: text("status_detail"),
    homeTeamId: uuid("home_team_id").references(() => teams.id),
    awayTeamId: uuid("away_team_id").references(() => teams.id),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    venue: text("venue"),
    neutralSite: boolean("neutral_site").notNull().default(false),
    seasonYear: integer("season_year"),
    seasonType: integer("season_type"),
    week: integer("week"),
    coverUrl: text("cover_url"),
    /** ESPN odds as read at import time (moneylines, spread, total), for prop authoring. */
    odds: jsonb("odds"),
    /** Records and other context used by the offline summariser. */
    details: jsonb("details"),
    /** Game day (docs/decisions/053-game-day-live.md): the live poller's last reading of the game. */
    liveState: text("live_state"),
    /** Quarter or inning; with ESPN's clock ("4:12") for football. */
    period: integer("period"),
    clock: text("clock"),
    /** When ESPN last told us this game's state (a live reading, not an import). */
    scoreReadAt: ts("score_read_at"),
    /**
     * Bumped from events_live_version_seq on every change a fan would see; live streams
     * send it as the event id and resume from it (Last-Event-ID).
     */
    liveVersion: bigint("live_version", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("events_league_espn_key").on(t.league, t.espnEventId),
    check("events_live_state", sql`live_state is null or ${inList("live_state", LIVE_STATES)}`),
    index("events_start_time_idx").on(t.startTime),
    // A team's games (team pages, the team filter): a season is ~160 games per team among thousands.
    index("events_home_team_idx").on(t.homeTeamId, t.startTime),
    index("events_away_team_idx").on(t.awayTeamId, t.startTime),
    check("events_league", inList("league", LEAGUES)),
    check("events_status", inList("status", EVENT_STATUSES)),
  ],
);

/**
 * A game's result typed by the commissioner (docs/decisions/060-one-score-per-game.md), kept beside
 * ESPN's reading on `events` and never written by any ESPN sync: while a row exists, grading uses it
 * instead of ESPN's. A later ESPN final that disagrees is shown as a flag, never applied.
 */
export const eventScoreOverrides = pgTable(
  "event_score_overrides",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["final", "postponed", "suspended"] }).notNull(),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    reason: text("reason"),
    setBy: uuid("set_by").references(() => profiles.id, { onDelete: "set null" }),
    setAt: ts("set_at").notNull().defaultNow(),
  },
  (t) => [
    check("event_score_overrides_status", sql`${t.status} in ('final', 'postponed', 'suspended')`),
    check(
      "event_score_overrides_scores",
      sql`(${t.status} = 'final' and ${t.homeScore} >= 0 and ${t.awayScore} >= 0) or (${t.status} <> 'final' and ${t.homeScore} is null and ${t.awayScore} is null)`,
    ),
  ],
);

// ---------------------------------------------------------------- packs and props

export const packs = pgTable(
  "packs",
  {
    id: id(),
    packUrl: text("pack_url").notNull(),
    title: text("title").notNull(),
    league: text("league").notNull(),
    status: text("status", { enum: PACK_STATUSES }).notNull().default("draft"),
    coverUrl: text("cover_url"),
    summary: text("summary"),
    prizeTitle: text("prize_title"),
    prizeImageUrl: text("prize_image_url"),
    prizePoints: integer("prize_points"),
    prizeSummary: text("prize_summary"),
    openTime: ts("open_time"),
    closeTime: ts("close_time"),
    featured: boolean("featured").notNull().default(false),
    isSuperProp: boolean("is_super_prop").notNull().default(false),
    creatorProfileId: uuid("creator_profile_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    winnerProfileId: uuid("winner_profile_id").references(() => profiles.id),
    winnerPoints: integer("winner_points"),
    winnersSetAt: ts("winners_set_at"),
    gradedAt: ts("graded_at"),
    /** Set once the pack-open texts have been queued; the job is idempotent anyway. */
    openNotifiedAt: ts("open_notified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("packs_pack_url_key").on(t.packUrl),
    index("packs_status_close_idx").on(t.status, t.closeTime),
    check("packs_league", inList("league", LEAGUES)),
    check("packs_status", inList("status", PACK_STATUSES)),
    check("packs_url_shape", sql`${t.packUrl} ~ '^[a-z0-9][a-z0-9-]{0,79}$'`),
    check("packs_window_order", sql`${t.openTime} is null or ${t.closeTime} is null or ${t.openTime} < ${t.closeTime}`),
  ],
);

export const packEvents = pgTable(
  "pack_events",
  {
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.eventId] }), index("pack_events_event_idx").on(t.eventId)],
);

export const props = pgTable(
  "props",
  {
    id: id(),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    shortLabel: text("short_label").notNull(),
    title: text("title").notNull(),
    summary: text("summary"),
    sideAShort: text("side_a_short").notNull(),
    sideBShort: text("side_b_short").notNull(),
    sideATake: text("side_a_take").notNull(),
    sideBTake: text("side_b_take").notNull(),
    sideAMoneyline: integer("side_a_moneyline"),
    sideBMoneyline: integer("side_b_moneyline"),
    /** Points a winning take on the side is worth now; each take locks its own copy. */
    sideAValue: integer("side_a_value").notNull().default(250),
    sideBValue: integer("side_b_value").notNull().default(250),
    closeTime: ts("close_time"),
    status: text("status", { enum: PROP_STATUSES }).notNull().default("open"),
    resultText: text("result_text"),
    /** Auto-grading rule: who_wins | total_over_under | spread, with its parameters. */
    gradingRule: text("grading_rule"),
    gradingParams: jsonb("grading_params"),
    thumbnailUrl: text("thumbnail_url"),
    gradedAt: ts("graded_at"),
    /** Bumped by every grade change; ledger keys carry it (`payout:{propId}:v{n}:{takeId}`), so re-grades never collide. */
    gradeVersion: integer("grade_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("props_pack_position_idx").on(t.packId, t.position),
    // The target of takes_prop_in_its_pack: a take's pack is its prop's pack.
    unique("props_id_pack_key").on(t.id, t.packId),
    index("props_event_idx").on(t.eventId),
    // The grading queue's props: the few still open or closed among a season of graded ones.
    index("props_ungraded_idx")
      .on(t.packId)
      .where(sql`${t.status} in ('open', 'closed')`),
    check("props_status", inList("status", PROP_STATUSES)),
    check("props_side_values_positive", sql`${t.sideAValue} > 0 and ${t.sideBValue} > 0`),
    check(
      "props_moneylines_valid",
      sql`(${t.sideAMoneyline} is null or abs(${t.sideAMoneyline}) >= 100)
        and (${t.sideBMoneyline} is null or abs(${t.sideBMoneyline}) >= 100)`,
    ),
    check("props_grading_rule", sql`${t.gradingRule} is null or ${t.gradingRule} in ('who_wins', 'total_over_under', 'spread')`),
  ],
);

/**
 * A prop's line history (docs/decisions/056-price-history.md): every price it has had, appended
 * in the transaction of each write that sets or changes its moneylines, with what set it and
 * which admin. Read one prop at a time in time order, bounded.
 */
export const propPrices = pgTable(
  "prop_prices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    propId: uuid("prop_id")
      .notNull()
      .references(() => props.id, { onDelete: "cascade" }),
    sideAMoneyline: integer("side_a_moneyline"),
    sideBMoneyline: integer("side_b_moneyline"),
    source: text("source", { enum: PRICE_SOURCES }).notNull(),
    actorProfileId: uuid("actor_profile_id").references(() => profiles.id, { onDelete: "set null" }),
    recordedAt: ts("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    index("prop_prices_prop_time_idx").on(t.propId, t.recordedAt, t.id),
    check("prop_prices_source", inList("source", PRICE_SOURCES)),
    check(
      "prop_prices_moneylines_valid",
      sql`(${t.sideAMoneyline} is null or abs(${t.sideAMoneyline}) >= 100)
        and (${t.sideBMoneyline} is null or abs(${t.sideBMoneyline}) >= 100)`,
    ),
  ],
);

export const series = pgTable(
  "series",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary"),
    coverUrl: text("cover_url"),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("series_slug_key").on(t.slug)],
);

export const seriesPacks = pgTable(
  "series_packs",
  {
    seriesId: uuid("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.packId] }), index("series_packs_pack_idx").on(t.packId)],
);

// ---------------------------------------------------------------- takes and receipts

export const receipts = pgTable(
  "receipts",
  {
    /** Short unguessable public id (URL-safe alphabet, >= 8 chars). */
    id: text("id").primaryKey(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    referrerProfileId: uuid("referrer_profile_id").references(() => profiles.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("receipts_profile_idempotency_key").on(t.profileId, t.idempotencyKey),
    index("receipts_pack_profile_idx").on(t.packId, t.profileId, t.createdAt),
    check("receipts_id_shape", sql`${t.id} ~ '^[A-Za-z0-9_-]{8,32}$'`),
    // The target of takes_on_its_receipt: a take belongs to its receipt's player and pack.
    unique("receipts_id_pack_profile_key").on(t.id, t.packId, t.profileId),
  ],
);

export const takes = pgTable(
  "takes",
  {
    id: id(),
    // No single-column foreign keys: the two composite keys below imply all four (the prop
    // and the receipt exist, and the receipt's pack and player do), and every key is a
    // lookup and a row lock per inserted take on the hottest write (migration 0010).
    profileId: uuid("profile_id").notNull(),
    propId: uuid("prop_id").notNull(),
    packId: uuid("pack_id").notNull(),
    receiptId: text("receipt_id").notNull(),
    side: text("side").notNull(),
    /** The side's point value when the take was made; grading pays this (odds lock). */
    lockedValue: integer("locked_value").notNull(),
    isCurrent: boolean("is_current").notNull().default(true),
    overwrittenAt: ts("overwritten_at"),
    result: text("result", { enum: TAKE_RESULTS }).notNull().default("pending"),
    points: integer("points").notNull().default(0),
    tokensCents: integer("tokens_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("takes_one_current_per_profile_prop")
      .on(t.profileId, t.propId)
      .where(sql`${t.isCurrent}`),
    index("takes_prop_current_idx")
      .on(t.propId, t.profileId)
      .where(sql`${t.isCurrent}`),
    index("takes_pack_profile_idx").on(t.packId, t.profileId),
    index("takes_profile_created_idx").on(t.profileId, t.createdAt),
    // A take is on its prop's pack and on its receipt's player and pack, whatever code wrote it
    // (pack leaderboards, winners and receipts read takes by pack_id and profile_id).
    foreignKey({ name: "takes_prop_in_its_pack", columns: [t.propId, t.packId], foreignColumns: [props.id, props.packId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      name: "takes_on_its_receipt",
      columns: [t.receiptId, t.packId, t.profileId],
      foreignColumns: [receipts.id, receipts.packId, receipts.profileId],
    }).onDelete("cascade"),
    check("takes_side", sql`${t.side} in ('A', 'B')`),
    check("takes_result", inList("result", TAKE_RESULTS)),
    check("takes_locked_value_positive", sql`${t.lockedValue} > 0`),
    check("takes_points_nonneg", sql`${t.points} >= 0 and ${t.tokensCents} >= 0`),
    check(
      "takes_overwritten_not_current",
      sql`(${t.isCurrent} and ${t.overwrittenAt} is null) or (not ${t.isCurrent} and ${t.overwrittenAt} is not null)`,
    ),
  ],
);

/**
 * A commissioner's fix of one player's pick on one prop (a late pick, a
 * dispute): the take before and after (either may be absent: an added or a
 * removed pick), what it scored before and after, the reason the player reads
 * on their receipt, and the admin's idempotency key, so a retried or doubled
 * request fixes once (docs/decisions/061-pick-fixes.md). The fix's own receipt
 * holds the picks as they stand after it.
 */
export const takeFixes = pgTable(
  "take_fixes",
  {
    id: id(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    propId: uuid("prop_id")
      .notNull()
      .references(() => props.id, { onDelete: "cascade" }),
    receiptId: text("receipt_id")
      .notNull()
      .references(() => receipts.id, { onDelete: "cascade" }),
    beforeTakeId: uuid("before_take_id"),
    afterTakeId: uuid("after_take_id"),
    beforeSide: text("before_side"),
    afterSide: text("after_side"),
    pointsBefore: integer("points_before").notNull(),
    pointsAfter: integer("points_after").notNull(),
    tokensBeforeCents: integer("tokens_before_cents").notNull(),
    tokensAfterCents: integer("tokens_after_cents").notNull(),
    reason: text("reason").notNull(),
    actorProfileId: uuid("actor_profile_id").references(() => profiles.id),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("take_fixes_idempotency_key").on(t.idempotencyKey),
    index("take_fixes_profile_pack_idx").on(t.profileId, t.packId, t.createdAt),
    check("take_fixes_sides", sql`${t.beforeSide} in ('A', 'B') or ${t.afterSide} in ('A', 'B')`),
    check("take_fixes_changes", sql`${t.beforeSide} is distinct from ${t.afterSide}`),
  ],
);

/** Which participants have already been shown a graded pack's dialog. */
export const packGradedViews = pgTable(
  "pack_graded_views",
  {
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.packId] })],
);

// ---------------------------------------------------------------- ledger

/**
 * Append-only: the balance is the sum. Each row has a unique business key
 * (e.g. `payout:{propId}:v{gradeVersion}:{takeId}`, `award:{cardId}:{profileId}`) so a
 * retried operation cannot pay twice.
 */
export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // The four references below are checked per statement by a trigger, not by
    // row-level foreign keys: a 100,000-take grade writes 50,000 payouts, and a
    // foreign key locks one profile row per ledger row (drizzle/0004, decision 005).
    profileId: uuid("profile_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    businessKey: text("business_key").notNull(),
    reason: text("reason"),
    takeId: uuid("take_id"),
    packId: uuid("pack_id"),
    awardClaimId: uuid("award_claim_id"),
    exchangeId: uuid("exchange_id"),
    actorProfileId: uuid("actor_profile_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("token_ledger_business_key").on(t.businessKey),
    // amount_cents last: a balance is an index-only sum over the player's entries, not one heap
    // visit per entry (docs/decisions/024-season-scale.md).
    index("token_ledger_profile_idx").on(t.profileId, t.createdAt, t.amountCents),
    // A player's bonuses (award claims, referral bonuses: the profile's "Bonuses" list) are a few
    // rows among thousands of take payouts in a season: read from their own small index, not by
    // walking every entry of the player (docs/decisions/024-season-scale.md).
    index("token_ledger_bonus_idx")
      .on(t.profileId, t.createdAt)
      .where(sql`${t.kind} in ('award_claim', 'referral_bonus')`),
    // The entries that name their pack (head-to-head bonuses), for a pack's ledger export
    // (docs/decisions/063-bulk-tools.md); take payouts carry no pack id and are not in it.
    index("token_ledger_pack_idx")
      .on(t.packId, t.id)
      .where(sql`${t.packId} is not null`),
    check("token_ledger_kind", inList("kind", LEDGER_KINDS)),
    check("token_ledger_nonzero", sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Maintained leaderboard aggregates: one row per (scope, profile), so a
 * leaderboard page is an index range scan whatever the number of takes.
 * Scope keys (docs/decisions/005-ledger-and-grading.md): `all`, `league:{l}`,
 * `pack:{id}`, `contest:{id}`, `team:{id}`, and the New York periods of the
 * take's submission day, for all leagues and per league: `day:YYYY-MM-DD`,
 * `week:YYYY-MM-DD` (Monday), `season:YYYY`, `league:{l}:day:…`, … Rows are
 * written only by the queue drain and the rebuild in src/server/leaderboards;
 * `handle` is a copy kept current by a trigger on profiles, for the tie order.
 */
export const leaderboardTotals = pgTable(
  "leaderboard_totals",
  {
    scope: text("scope").notNull(),
    // No foreign key: this is a cache rebuilt from takes, and a key check per
    // new row doubled the cost of a rebuild (docs/decisions/005-ledger-and-grading.md).
    profileId: uuid("profile_id").notNull(),
    handle: text("handle").notNull().default(""),
    points: integer("points").notNull().default(0),
    won: integer("won").notNull().default(0),
    lost: integer("lost").notNull().default(0),
    pushed: integer("pushed").notNull().default(0),
    takes: integer("takes").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.profileId] }),
    index("leaderboard_totals_rank_idx").on(t.scope, t.points.desc(), t.won.desc(), sql`lower(${t.handle})`),
    index("leaderboard_totals_profile_idx").on(t.profileId),
    // League standings read every row of one season or week scope (decision 062): the whole line in
    // the key, so the read is the index alone, not one heap visit per player scattered over the table.
    index("leaderboard_totals_standings_idx")
      .on(t.scope, t.profileId, t.points, t.won, t.lost, t.pushed, t.takes, t.handle)
      .where(sql`${t.scope} like 'standings:%'`),
  ],
);

/**
 * How many profiles of a scope share each (points, won) score: a viewer's
 * standard competition rank is 1 + the profiles with a strictly better score,
 * summed over the score rows ahead instead of counted over every profile ahead.
 * Kept in step with leaderboard_totals by the same drain and rebuild.
 */
export const leaderboardScoreCounts = pgTable(
  "leaderboard_score_counts",
  {
    scope: text("scope").notNull(),
    points: integer("points").notNull(),
    won: integer("won").notNull(),
    profiles: integer("profiles").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.points, t.won] }),
    // The count beside its key: a rank sums every score row above the viewer, which for a player
    // near the bottom of a season's board is most of them (13,000 rows of the quarter season's
    // "all" board), read from the index alone instead of one heap visit per row (16 ms → 1.6 ms).
    index("leaderboard_score_counts_sum_idx").on(t.scope, t.points, t.won, t.profiles),
  ],
);

/**
 * Each player's last receipt time in a league standings scope (`standings:{league}:season:{year}` and
 * `…:week:{first day}`, the same keys as their leaderboard_totals rows): the "earliest final
 * submission" tie-break read beside the totals instead of from every receipt of the season
 * (docs/decisions/062-league-standings.md, "Maintained season and week totals"). Kept by a trigger on
 * receipts (append-only: a later receipt can only raise it), moved with a pack by the trigger that
 * moves its totals, and rebuilt with the leaderboards. No foreign key: a cache, as leaderboard_totals.
 */
export const standingsLastReceipts = pgTable(
  "standings_last_receipts",
  {
    scope: text("scope").notNull(),
    profileId: uuid("profile_id").notNull(),
    lastSubmittedAt: ts("last_submitted_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.profileId] }),
    // The time beside its key: read from the index alone, in the totals' order (scope, profile).
    index("standings_last_receipts_cover_idx").on(t.scope, t.profileId, t.lastSubmittedAt),
  ],
);

/**
 * Leaderboard changes waiting to be folded into `leaderboard_totals`: one row
 * per changed take, written by triggers on `takes` in the same transaction as
 * the change, so no writer of takes can forget the aggregates. Drained in
 * batches (src/server/leaderboards/drain-leaderboard-queue.ts).
 */
// No key and no index: a grade writes one row per take here, and a sequence
// and primary key cost about a fifth of a 100,000-take grade. The drain takes
// rows by physical position (ctid); their order does not matter, they are sums.
export const leaderboardQueue = pgTable("leaderboard_queue", {
  profileId: uuid("profile_id").notNull(),
  packId: uuid("pack_id").notNull(),
  propId: uuid("prop_id").notNull(),
  /** The take's submission time: it picks the day, week and season scopes. */
  takeCreatedAt: ts("take_created_at").notNull(),
  points: integer("points").notNull(),
  won: integer("won").notNull(),
  lost: integer("lost").notNull(),
  pushed: integer("pushed").notNull(),
  takes: integer("takes").notNull(),
  /** The take's side, for prop_take_counts' per-side counts (null on rows queued before migration 0017). */
  side: text("side"),
});

/**
 * Current, non-void takes per prop: the "N fan takes" of pack cards, admin
 * lists and the prop grader, read as a handful of rows per pack instead of
 * counting every take per request (docs/decisions/024-season-scale.md). Kept
 * by the same queue drain and rebuild as leaderboard_totals, so it trails a
 * submission by the drain's period (2 s) and never by more.
 */
export const propTakeCounts = pgTable(
  "prop_take_counts",
  {
    propId: uuid("prop_id")
      .primaryKey()
      .references(() => props.id, { onDelete: "cascade" }),
    packId: uuid("pack_id").notNull(),
    takes: integer("takes").notNull().default(0),
    /** Of those, on side A and side B: "how fans picked" on a closed prop (migration 0017). */
    takesA: integer("takes_a").notNull().default(0),
    takesB: integer("takes_b").notNull().default(0),
  },
  (t) => [index("prop_take_counts_pack_idx").on(t.packId, t.takes)],
);

// ---------------------------------------------------------------- marketplace

export const items = pgTable(
  "items",
  {
    id: id(),
    name: text("name").notNull(),
    tokens: integer("tokens").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    brand: text("brand"),
    status: text("status", { enum: ITEM_STATUSES }).notNull().default("available"),
    featured: boolean("featured").notNull().default(false),
    requiresShipping: boolean("requires_shipping").notNull().default(false),
    /** Per-team images: { [teamSlug]: url }. */
    teamImages: jsonb("team_images").$type<Record<string, string>>(),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("items_tokens_positive", sql`${t.tokens} > 0`), check("items_status", inList("status", ITEM_STATUSES))],
);

export const itemCodes = pgTable(
  "item_codes",
  {
    id: id(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("item_codes_item_code_key").on(t.itemId, t.code),
    index("item_codes_unused_idx")
      .on(t.itemId)
      .where(sql`${t.usedAt} is null`),
  ],
);

export const exchanges = pgTable(
  "exchanges",
  {
    id: id(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    itemCodeId: uuid("item_code_id").references(() => itemCodes.id),
    tokens: integer("tokens").notNull(),
    contact: jsonb("contact"),
    /** Chosen by the client per confirmation: a retried request finds this exchange instead of paying again. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("exchanges_item_code_key").on(t.itemCodeId),
    uniqueIndex("exchanges_profile_idempotency_key")
      .on(t.profileId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("exchanges_profile_idx").on(t.profileId, t.createdAt),
    check("exchanges_tokens_positive", sql`${t.tokens} > 0`),
  ],
);

// ---------------------------------------------------------------- awards and promos

export const awardCards = pgTable(
  "award_cards",
  {
    id: id(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: AWARD_KINDS }).notNull(),
    tokensCents: integer("tokens_cents").notNull().default(0),
    status: text("status", { enum: AWARD_CARD_STATUSES }).notNull().default("available"),
    validFrom: ts("valid_from"),
    validUntil: ts("valid_until"),
    maxClaims: integer("max_claims"),
    claimsCount: integer("claims_count").notNull().default(0),
    imageUrl: text("image_url"),
    redirectTeamId: uuid("redirect_team_id").references(() => teams.id, { onDelete: "set null" }),
    requirementKey: text("requirement_key"),
    requirementTeamId: uuid("requirement_team_id").references(() => teams.id),
    targetType: text("target_type"),
    targetTeamId: uuid("target_team_id").references(() => teams.id),
    targetSeriesId: uuid("target_series_id").references(() => series.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("award_cards_code_lower_key").on(sql`lower(${t.code})`),
    check("award_cards_kind", inList("kind", AWARD_KINDS)),
    check("award_cards_kind_tokens", sql`(${t.kind} = 'award' and ${t.tokensCents} > 0) or (${t.kind} = 'promo' and ${t.tokensCents} = 0)`),
    check("award_cards_status", inList("status", AWARD_CARD_STATUSES)),
    check("award_cards_cap", sql`${t.maxClaims} is null or (${t.maxClaims} > 0 and ${t.claimsCount} <= ${t.maxClaims})`),
    check(
      "award_cards_requirement",
      sql`${t.requirementKey} is null or (${t.requirementKey} = 'follow_team' and ${t.requirementTeamId} is not null)`,
    ),
    check("award_cards_target", sql`${t.targetType} is null or ${t.targetType} in ('team', 'series')`),
  ],
);

export const awardClaims = pgTable(
  "award_claims",
  {
    id: id(),
    awardCardId: uuid("award_card_id")
      .notNull()
      .references(() => awardCards.id),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id),
    /** Copied from the card at claim time; editing the card never changes it. */
    tokensCents: integer("tokens_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("award_claims_card_profile_key").on(t.awardCardId, t.profileId)],
);

// ---------------------------------------------------------------- follows and texts

export const follows = pgTable(
  "follows",
  {
    id: id(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id").references(() => series.id, { onDelete: "cascade" }),
    smsConsent: boolean("sms_consent").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_profile_team_key")
      .on(t.profileId, t.teamId)
      .where(sql`${t.teamId} is not null`),
    uniqueIndex("follows_profile_series_key")
      .on(t.profileId, t.seriesId)
      .where(sql`${t.seriesId} is not null`),
    check("follows_one_target", sql`(${t.teamId} is null) <> (${t.seriesId} is null)`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    category: text("category").notNull().default("pack_open"),
    /** `league:nfl`, `team:{uuid}` or `series:{uuid}`. */
    scopeKey: text("scope_key").notNull(),
    league: text("league"),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id").references(() => series.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_profile_scope_key").on(t.profileId, t.category, t.scopeKey),
    index("subscriptions_scope_idx").on(t.category, t.scopeKey),
    check(
      "subscriptions_one_scope",
      sql`(case when ${t.league} is null then 0 else 1 end
         + case when ${t.teamId} is null then 0 else 1 end
         + case when ${t.seriesId} is null then 0 else 1 end) = 1`,
    ),
  ],
);

/**
 * A player's "Remind me" on one pack they do not follow (docs/decisions/072-reminders-and-quiet-hours.md,
 * "2026-11-30: a reminder on one pack"): the pack's reminder goes to them too, at their lead time.
 */
export const packReminderRequests = pgTable(
  "pack_reminder_requests",
  {
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.packId] }), index("pack_reminder_requests_pack_idx").on(t.packId)],
);

/** Every outgoing text passes through here. Sign-in codes are stored redacted. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Makes "once per pack and profile" style rules hold across retries and machines. */
    dedupeKey: text("dedupe_key"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    /** Held for quiet hours until this time (decision 072): the delivery claim never takes it earlier. */
    notBefore: ts("not_before"),
    /** Pointless from then on (its pack closed): dropped as `skipped` instead of sent (decision 072). */
    expiresAt: ts("expires_at"),
    /** The pack a pack-open or reminder text is about: a reminder is checked again against it when sent. */
    packId: uuid("pack_id").references(() => packs.id, { onDelete: "set null" }),
    /**
     * What the carrier said of the text after it was handed over (Twilio's status callbacks,
     * docs/decisions/071-delivery-on-the-record.md): queued → sending → sent → delivered,
     * undelivered or failed, never backwards. Null until the first callback; `status` above stays
     * the delivery task's own state.
     */
    deliveryStatus: text("delivery_status", { enum: DELIVERY_STATUSES }),
    /** The carrier's error code with an undelivered or failed text (e.g. 30006, a landline). */
    deliveryErrorCode: integer("delivery_error_code"),
    deliveredAt: ts("delivered_at"),
    deliveryUpdatedAt: ts("delivery_updated_at"),
    /** Sooner is lower, derived from `kind` whoever inserts the row (docs/decisions/073-paced-outbox.md). */
    priority: smallint("priority").notNull().generatedAlwaysAs(sql.raw(textPrioritySql())),
    /** The pack whose opening this text belongs to: the admin pauses or cancels a blast by it. */
    blastId: text("blast_id").generatedAlwaysAs(sql.raw(`case when kind = '${BLAST_TEXT_KIND}' then split_part(dedupe_key, ':', 2) end`)),
  },
  (t) => [
    uniqueIndex("sms_outbox_dedupe_key").on(t.dedupeKey),
    index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // Deleting a pack sets its texts' pack_id to null: found by this index, not a scan of every text.
    index("sms_outbox_pack_idx")
      .on(t.packId)
      .where(sql`${t.packId} is not null`),
    // The delivery claim walks this in order: due rows by priority, then due time (decision 073).
    index("sms_outbox_claim_idx").on(t.priority, t.nextAttemptAt).where(sql.raw(`status in ('pending', 'sending')`)),
    index("sms_outbox_blast_idx").on(t.blastId, t.status).where(sql.raw(`blast_id is not null and status in ('pending', 'paused')`)),
    // `paused`: a blast the admin paused; never claimed until resumed.
    check("sms_outbox_status", inList("status", ["pending", "paused", "sending", "sent", "failed", "skipped"])),
    check("sms_outbox_delivery_status", inList("delivery_status", DELIVERY_STATUSES)),
    // A status callback finds its text by Twilio's message id.
    index("sms_outbox_provider_message_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // The admin's delivery rates read the last 14 days of texts.
    index("sms_outbox_created_idx").on(t.createdAt),
  ],
);

/**
 * The sending rate's token buckets (docs/decisions/073-paced-outbox.md): one row for the
 * account and one per sender number, shared by every worker and app instance. `tokens` refill
 * at the configured rate up to the burst; `day_count` counts the texts of `day` (UTC).
 */
export const smsSendBudget = pgTable("sms_send_budget", {
  key: text("key").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  refilledAt: ts("refilled_at").notNull(),
  day: text("day").notNull(),
  dayCount: integer("day_count").notNull().default(0),
});

/**
 * Segments handed to the carrier per day (America/New_York), one row a day: the daily spending
 * ceiling counts against it with one atomic update, so parallel workers never pass it
 * (docs/decisions/071-delivery-on-the-record.md).
 */
export const smsDailySpend = pgTable(
  "sms_daily_spend",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    segments: integer("segments").notNull().default(0),
    /** Texts the ceiling held back that day (recorded `skipped`). */
    refused: integer("refused").notNull().default(0),
  },
  (t) => [check("sms_daily_spend_not_negative", sql`${t.segments} >= 0 and ${t.refused} >= 0`)],
);

// ---------------------------------------------------------------- contests and head-to-head

export const contests = pgTable(
  "contests",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary"),
    details: text("details"),
    coverUrl: text("cover_url"),
    prize: text("prize"),
    startsAt: ts("starts_at"),
    endsAt: ts("ends_at"),
    /**
     * The admin's choice (src/domain/contest-status.ts): `draft` hides the
     * contest; otherwise the clock and grading move it forward from here.
     */
    status: text("status", { enum: CONTEST_STATUSES }).notNull().default("coming-up"),
    winnerProfileId: uuid("winner_profile_id").references(() => profiles.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contests_slug_key").on(t.slug),
    check("contests_status", inList("status", CONTEST_STATUSES)),
    check("contests_slug_shape", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,79}$'`),
    check("contests_window_order", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

export const contestPacks = pgTable(
  "contest_packs",
  {
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.packId] }), index("contest_packs_pack_idx").on(t.packId)],
);

/**
 * The tie-break order a commissioner chose for a set of standings (docs/decisions/062-league-standings.md):
 * `scope` is `league:{league}:season:{year}` or `contest:{id}`; `tie_break` lists the steps after "Most
 * points" (src/domain/standings.ts STANDINGS_TIE_BREAKS). No row: the default order.
 */
export const standingsRules = pgTable(
  "standings_rules",
  {
    scope: text("scope").primaryKey(),
    tieBreak: text("tie_break").array().notNull(),
    updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("standings_rules_scope_shape", sql`${t.scope} ~ '^(league:[a-z]+:season:[0-9]{4}|contest:[0-9a-f-]{36})$'`),
    check(
      "standings_rules_tie_break_steps",
      sql`${t.tieBreak} <@ array[${sql.raw(STANDINGS_TIE_BREAKS.map((s) => `'${s}'`).join(", "))}]::text[] and cardinality(${t.tieBreak}) <= ${sql.raw(String(STANDINGS_TIE_BREAKS.length))}`,
    ),
  ],
);

export const h2hChallenges = pgTable(
  "h2h_challenges",
  {
    id: id(),
    packId: uuid("pack_id")
      .notNull()
      .references(() => packs.id, { onDelete: "cascade" }),
    challengerProfileId: uuid("challenger_profile_id")
      .notNull()
      .references(() => profiles.id),
    challengedProfileId: uuid("challenged_profile_id")
      .notNull()
      .references(() => profiles.id),
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("pending"),
    winnerProfileId: uuid("winner_profile_id").references(() => profiles.id),
    outcome: text("outcome", { enum: H2H_OUTCOMES }),
    acceptedAt: ts("accepted_at"),
    settledAt: ts("settled_at"),
    /** Bumped by every settlement; ledger keys carry it (`h2h:{id}:{profileId}:v{n}`), so re-settlements never collide. */
    settlementVersion: integer("settlement_version").notNull().default(0),
    /** Fingerprint of the pack's prop results the last settlement used; a re-grade changes it and re-settles. */
    settledGrading: text("settled_grading"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("h2h_once_per_pair_per_pack").on(
      t.packId,
      sql`least(${t.challengerProfileId}, ${t.challengedProfileId})`,
      sql`greatest(${t.challengerProfileId}, ${t.challengedProfileId})`,
    ),
    check("h2h_not_self", sql`${t.challengerProfileId} <> ${t.challengedProfileId}`),
    check("h2h_status", inList("status", CHALLENGE_STATUSES)),
    check("h2h_outcome", sql`${t.outcome} is null or ${t.outcome} in ('challenger', 'challenged', 'tie')`),
    index("h2h_challenged_idx").on(t.challengedProfileId, t.createdAt),
    index("h2h_challenger_idx").on(t.challengerProfileId, t.createdAt),
    index("h2h_open_status_idx")
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/**
 * A player's own group: a name, a picture drawn offline from `pictureSeed`, an owner, an invite
 * token the owner can rotate, and its members (docs/decisions/066-groups.md). `member_count` is kept
 * by the same transactions that add and remove members, under a lock of the group's row.
 */
export const groups = pgTable(
  "groups",
  {
    id: id(),
    name: text("name").notNull(),
    /** Seeds the offline picture (src/server/groups/group-picture.ts); null: no picture, the initials tile. */
    pictureSeed: text("picture_seed"),
    ownerProfileId: uuid("owner_profile_id")
      .notNull()
      .references(() => profiles.id),
    /** 24 random bytes, base64url: whoever holds it may join; rotating it ends every link shared before. */
    inviteToken: text("invite_token").notNull(),
    memberCount: integer("member_count").notNull().default(0),
    hiddenAt: ts("hidden_at"),
    hiddenBy: uuid("hidden_by").references(() => profiles.id),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("groups_invite_token_key").on(t.inviteToken),
    check("groups_name_length", sql`char_length(${t.name}) between 1 and 40`),
    check("groups_member_count_range", sql`${t.memberCount} between 0 and 10000`),
    // The admin list: newest first, keyset on (created_at, id); its search by any part of a name.
    index("groups_created_idx").on(t.createdAt, t.id),
    index("groups_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("member"),
    joinedAt: ts("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.profileId] }),
    // "My groups", newest joined first, keyset on (joined_at, group_id).
    index("group_members_profile_idx").on(t.profileId, t.joinedAt, t.groupId),
    // The members list: owner first, then by join time.
    index("group_members_list_idx").on(t.groupId, t.joinedAt, t.profileId),
    check("group_members_role", sql`${t.role} in ('owner', 'member')`),
    // One owner per group, whatever two hand-overs do at once.
    uniqueIndex("group_members_one_owner")
      .on(t.groupId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/** Members gates (e.g. `beta-members`); the password is stored hashed, never returned. */
export const memberPasswords = pgTable("member_passwords", {
  passwordId: text("password_id").primaryKey(),
  passwordHash: text("password_hash").notNull(),
  /** Bumped on rotation; access cookies carry the version they were granted for. */
  version: integer("version").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => profiles.id),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- operations

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorProfileId: uuid("actor_profile_id").references(() => profiles.id),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt),
    // The audit log's "Who" choices, one skip-scan step per admin, and its filter by admin (decision 064).
    index("admin_audit_log_actor_idx").on(t.actorProfileId, t.id),
  ],
);

/** Inbound texts already handled, by Twilio's MessageSid: a replayed or retried webhook changes nothing (migration 0012). */
export const inboundSmsMessages = pgTable("inbound_sms_messages", {
  messageSid: text("message_sid").primaryKey(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED so several workers can run. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    uniqueKey: text("unique_key"),
    status: text("status").notNull().default("queued"),
    runAt: ts("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lockedAt: ts("locked_at"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    uniqueIndex("jobs_unique_key").on(t.uniqueKey),
    index("jobs_due_idx").on(t.status, t.runAt),
    // The purge of finished jobs (src/server/jobs/tasks.ts).
    index("jobs_finished_idx")
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
    check("jobs_status", inList("status", ["queued", "running", "done", "failed"])),
  ],
);

/**
 * When each periodic task last started, and where: a worker runs a task only after claiming
 * its period here, so every period runs once across all instances (docs/decisions/028-durable-jobs.md).
 */
/** Versions of live game readings (events.live_version): one order across every instance. */
export const eventsLiveVersionSeq = pgSequence("events_live_version_seq");

/**
 * The live poller's state per league and Eastern day (one ESPN scoreboard request each;
 * docs/decisions/053-game-day-live.md): its last good read, its last error, and when it may
 * ask again (backoff after failures). The admin's live panel reads it.
 */
export const livePolls = pgTable(
  "live_polls",
  {
    league: text("league").notNull(),
    /** ESPN's day, YYYYMMDD in New York time. */
    day: text("day").notNull(),
    lastReadAt: ts("last_read_at"),
    lastError: text("last_error"),
    lastErrorAt: ts("last_error_at"),
    failures: integer("failures").notNull().default(0),
    nextPollAt: ts("next_poll_at"),
  },
  (t) => [primaryKey({ columns: [t.league, t.day] })],
);

export const periodicTaskRuns = pgTable("periodic_task_runs", {
  task: text("task").primaryKey(),
  startedAt: ts("started_at").notNull(),
  runBy: text("run_by"),
});

export const AUTO_GRADE_ATTEMPT_OUTCOMES = ["graded", "waiting", "skipped", "error"] as const;
/** How many attempts are kept per prop: the newest, and a few before it. */
export const AUTO_GRADE_ATTEMPTS_KEPT = 5;

/**
 * The auto-grader's last few attempts per prop, "why not graded yet" (issue 24 item 1,
 * docs/decisions/041-auto-grade-run-log.md): an attempt with the same outcome and words as the
 * prop's newest one only moves its lastAt and counts it, so a prop waiting all afternoon is one
 * row; at most AUTO_GRADE_ATTEMPTS_KEPT rows per prop are kept.
 */
export const autoGradeAttempts = pgTable(
  "auto_grade_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    propId: uuid("prop_id")
      .notNull()
      .references(() => props.id, { onDelete: "cascade" }),
    firstAt: ts("first_at").notNull(),
    lastAt: ts("last_at").notNull(),
    attempts: integer("attempts").notNull().default(1),
    outcome: text("outcome").notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [
    index("auto_grade_attempts_prop_idx").on(t.propId, t.lastAt),
    check("auto_grade_attempts_outcome", inList("outcome", AUTO_GRADE_ATTEMPT_OUTCOMES)),
  ],
);

/**
 * What the carrier lookup said about a number (docs/decisions/059-fair-play.md), so a number is
 * looked up at most once per LINE_CHECK_TTL_DAYS. Keyed by an HMAC of the number, never the number
 * itself; rows older than that are purged hourly.
 */
export const lineChecks = pgTable(
  "line_checks",
  {
    phoneHash: text("phone_hash").primaryKey(),
    lineType: text("line_type"),
    countryCode: text("country_code"),
    checkedAt: ts("checked_at").notNull(),
  },
  (t) => [index("line_checks_checked_at_idx").on(t.checkedAt)],
);

/** Raw bytes: a Buffer from node-postgres, a Uint8Array from PGlite; written as either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Share cards already rendered (docs/decisions/067-share-cards.md): one row per card, the PNG of
 * its current version (a hash of the SVG drawn). A new version replaces the row, so the table
 * holds at most one picture per pack, receipt, profile, head-to-head or group that was shared,
 * and rows not rendered again for SHARE_CARD_KEEP_DAYS are purged hourly. In the database, not
 * in memory, so every instance serves what one rendered.
 */
export const shareCards = pgTable(
  "share_cards",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    version: text("version").notNull(),
    png: bytea("png").notNull(),
    renderedAt: ts("rendered_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index("share_cards_rendered_at_idx").on(t.renderedAt)],
);
