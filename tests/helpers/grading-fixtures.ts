// Packs, props and takes written straight to the database, for grading,
// ledger and leaderboard tests (the player's submit flow is tested elsewhere).
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { events, packEvents, packs, props, receipts, takes, teams, type EVENT_STATUSES } from "@/server/db/schema";
import type { PackStatus } from "@/domain/authoring";
import { sideValue } from "@/domain/points";
import { isGradedStatus } from "@/domain/grading";
import type { TestProfile } from "./auth";

export interface PropSpec {
  shortLabel?: string;
  sideAMoneyline?: number | null;
  sideBMoneyline?: number | null;
  eventId?: string | null;
}

export interface TestPack {
  id: string;
  packUrl: string;
  title: string;
  props: Array<{ id: string; shortLabel: string; sideAValue: number; sideBValue: number }>;
}

type EventStatus = (typeof EVENT_STATUSES)[number];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

/** A published pack whose window has closed (ready to grade), with the given props. */
export async function createPack(options: {
  props: PropSpec[];
  league?: "nfl" | "mlb";
  status?: PackStatus;
  title?: string;
  openTime?: Date | null;
  closeTime?: Date | null;
}): Promise<TestPack> {
  const db = await getDb();
  const packUrl = `pack-${unique()}`;
  const title = options.title ?? `Test pack ${packUrl}`;
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl,
      title,
      league: options.league ?? "nfl",
      status: options.status ?? "live",
      openTime: options.openTime === undefined ? new Date(Date.now() - 3 * 86_400_000) : options.openTime,
      closeTime: options.closeTime === undefined ? new Date(Date.now() - 3_600_000) : options.closeTime,
    })
    .returning();
  const created = [];
  for (const [position, spec] of options.props.entries()) {
    const sideAValue = sideValue(spec.sideAMoneyline ?? null);
    const sideBValue = sideValue(spec.sideBMoneyline ?? null);
    const shortLabel = spec.shortLabel ?? `Prop ${position + 1}`;
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        eventId: spec.eventId ?? null,
        position,
        shortLabel,
        title: `${shortLabel}?`,
        sideAShort: "Yes",
        sideBShort: "No",
        sideATake: `${shortLabel}: yes`,
        sideBTake: `${shortLabel}: no`,
        sideAMoneyline: spec.sideAMoneyline ?? null,
        sideBMoneyline: spec.sideBMoneyline ?? null,
        sideAValue,
        sideBValue,
        // An open pack's props take picks; any other pack's props wait for a grade.
        status: options.status === "open" ? "open" : "closed",
      })
      .returning();
    created.push({ id: prop!.id, shortLabel, sideAValue, sideBValue });
  }
  return { id: pack!.id, packUrl, title, props: created };
}

/** An NFL event between two new teams, linked to the pack; returns the ids. */
export async function createEvent(options: { packId?: string; status?: EventStatus; startTime?: Date } = {}) {
  const db = await getDb();
  const [home, away] = await db
    .insert(teams)
    .values(
      ["home", "away"].map((side) => {
        const tag = unique();
        return {
          league: "nfl",
          espnTeamId: `t-${tag}`,
          slug: `${side}${tag}`,
          abbreviation: side.toUpperCase(),
          name: `${side} ${tag}`,
          fullName: `Team ${side} ${tag}`,
        };
      }),
    )
    .returning();
  const [event] = await db
    .insert(events)
    .values({
      league: "nfl",
      espnEventId: `e-${unique()}`,
      title: `${away!.name} at ${home!.name}`,
      startTime: options.startTime ?? new Date(Date.now() - 4 * 3_600_000),
      status: options.status ?? "final",
      homeTeamId: home!.id,
      awayTeamId: away!.id,
    })
    .returning();
  if (options.packId) await db.insert(packEvents).values({ packId: options.packId, eventId: event!.id });
  return { eventId: event!.id, homeTeamId: home!.id, awayTeamId: away!.id };
}

/**
 * One submission: a receipt and a current take per pick, each locking the
 * side's value as the pack page would. Like the real submit flow it locks the
 * props (FOR SHARE, so a grade in flight finishes first) and refuses graded
 * ones. Returns the take ids by prop id.
 */
export async function submitTakes(options: {
  profile: Pick<TestProfile, "id">;
  pack: TestPack;
  picks: Array<{ propIndex: number; side: "A" | "B" }>;
  at?: Date;
}): Promise<Record<string, string>> {
  const db = await getDb();
  const at = options.at ?? new Date(Date.now() - 2 * 3_600_000);
  const receiptId = `r${randomBytes(6).toString("hex")}`;
  return db.transaction(async (tx) => {
    const locked = await queryRows<{ status: string }>(
      tx,
      sql`select status from props where id in (${sql.join(
        options.picks.map((pick) => sql`${options.pack.props[pick.propIndex]!.id}::uuid`),
        sql`, `,
      )}) for share`,
    );
    if (locked.some((prop) => isGradedStatus(prop.status))) throw new Error("Cannot change a take on a graded prop");
    await tx
      .insert(receipts)
      .values({ id: receiptId, profileId: options.profile.id, packId: options.pack.id, idempotencyKey: randomUUID(), createdAt: at });
    const propIds = options.picks.map((pick) => options.pack.props[pick.propIndex]!.id);
    await tx.execute(sql`
      update takes set is_current = false, overwritten_at = ${at}
      where profile_id = ${options.profile.id} and is_current and prop_id in (${sql.join(
        propIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    `);
    const rows = await tx
      .insert(takes)
      .values(
        options.picks.map((pick) => {
          const prop = options.pack.props[pick.propIndex]!;
          return {
            profileId: options.profile.id,
            propId: prop.id,
            packId: options.pack.id,
            receiptId,
            side: pick.side,
            lockedValue: pick.side === "A" ? prop.sideAValue : prop.sideBValue,
            createdAt: at,
          };
        }),
      )
      .returning({ id: takes.id, propId: takes.propId });
    return Object.fromEntries(rows.map((row) => [row.propId, row.id]));
  });
}

/** A profile's ledger rows, oldest first. */
export async function ledgerOf(profileId: string) {
  return queryRows<{ amount_cents: number; kind: string; business_key: string }>(
    await getDb(),
    sql`select amount_cents, kind, business_key from token_ledger where profile_id = ${profileId} order by id`,
  );
}

/** A take as stored. */
export async function takeRow(takeId: string) {
  const [row] = await queryRows<{ result: string; points: number; tokens_cents: number }>(
    await getDb(),
    sql`select result, points, tokens_cents from takes where id = ${takeId}`,
  );
  return row ? { result: row.result, points: Number(row.points), tokensCents: Number(row.tokens_cents) } : null;
}
