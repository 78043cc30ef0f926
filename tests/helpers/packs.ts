import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/server/db/client";
import { events, packEvents, packs, props } from "@/server/db/schema";
import { sideValue } from "@/domain/points";

export interface PropSpec {
  shortLabel?: string;
  status?: "open" | "closed" | "gradedA" | "gradedB" | "push" | "void";
  closeTime?: Date | null;
  sideAMoneyline?: number | null;
  sideBMoneyline?: number | null;
}

export interface TestPack {
  id: string;
  packURL: string;
  title: string;
  props: Array<{ id: string; shortLabel: string; sideATake: string; sideBTake: string }>;
  eventIds: string[];
}

const HOUR = 3_600_000;

/**
 * Inserts a pack with its props (and a game per pack) for API tests; open for
 * a day around now unless told otherwise. Never relies on the demo seed.
 */
export async function createTestPack(
  options: {
    status?: "draft" | "coming-soon" | "open" | "live" | "graded" | "archived";
    openTime?: Date | null;
    closeTime?: Date | null;
    props?: number | PropSpec[];
    league?: "nfl" | "mlb";
    featured?: boolean;
    title?: string;
    prizeTitle?: string;
    eventStart?: Date;
  } = {},
): Promise<TestPack> {
  const db = await getDb();
  const now = Date.now();
  const suffix = randomBytes(4).toString("hex");
  const specs: PropSpec[] =
    typeof options.props === "number" || options.props === undefined
      ? Array.from({ length: typeof options.props === "number" ? options.props : 3 }, () => ({}))
      : options.props;
  const league = options.league ?? "nfl";
  const [event] = await db
    .insert(events)
    .values({ league, title: `Away ${suffix} at Home ${suffix}`, startTime: options.eventStart ?? new Date(now + 2 * HOUR) })
    .returning({ id: events.id });
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl: `pack-${suffix}`,
      title: options.title ?? `Test pack ${suffix}`,
      league,
      status: options.status ?? "open",
      openTime: options.openTime === undefined ? new Date(now - 12 * HOUR) : options.openTime,
      closeTime: options.closeTime === undefined ? new Date(now + 12 * HOUR) : options.closeTime,
      featured: options.featured ?? false,
      prizeTitle: options.prizeTitle,
    })
    .returning();
  await db.insert(packEvents).values({ packId: pack!.id, eventId: event!.id });
  const inserted = await db
    .insert(props)
    .values(
      specs.map((spec, index) => ({
        packId: pack!.id,
        eventId: event!.id,
        position: index,
        shortLabel: spec.shortLabel ?? `Prop ${index + 1}`,
        title: `Question ${index + 1}?`,
        sideAShort: `Yes ${index + 1}`,
        sideBShort: `No ${index + 1}`,
        sideATake: `Side A of prop ${index + 1}`,
        sideBTake: `Side B of prop ${index + 1}`,
        sideAMoneyline: spec.sideAMoneyline ?? null,
        sideBMoneyline: spec.sideBMoneyline ?? null,
        sideAValue: sideValue(spec.sideAMoneyline),
        sideBValue: sideValue(spec.sideBMoneyline),
        status: spec.status ?? "open",
        closeTime: spec.closeTime ?? null,
      })),
    )
    .returning();
  return {
    id: pack!.id,
    packURL: pack!.packUrl,
    title: pack!.title,
    props: inserted.map((p) => ({ id: p.id, shortLabel: p.shortLabel, sideATake: p.sideATake, sideBTake: p.sideBTake })),
    eventIds: [event!.id],
  };
}

/** Asserts that a JSON answer carries no phone number, formatted or as raw digits. */
export function expectNoPhoneIn(body: unknown, phones: string[]): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\+1\d{10}/);
  for (const phone of phones) expect(text).not.toContain(phone.replace(/\D/g, "").slice(-10));
}
