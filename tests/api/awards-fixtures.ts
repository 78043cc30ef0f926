// Small builders for the award, follow and notification tests: teams, events,
// packs, series and cards inserted straight into the test database.
import { randomInt } from "node:crypto";
import type { PackStatus, PropStatus } from "@/domain/authoring";
import { getDb } from "@/server/db/client";
import { awardCards, events, packEvents, packs, props, series, seriesPacks, teams } from "@/server/db/schema";

type TeamRow = typeof teams.$inferSelect;

export async function insertTeam(values: {
  league?: "nfl" | "mlb";
  slug: string;
  name?: string;
  fullName?: string;
  abbreviation?: string;
  teamType?: string;
}): Promise<TeamRow> {
  const db = await getDb();
  const name = values.name ?? values.slug[0]!.toUpperCase() + values.slug.slice(1);
  const [row] = await db
    .insert(teams)
    .values({
      league: values.league ?? "nfl",
      espnTeamId: String(randomInt(1, 1_000_000_000)),
      teamType: values.teamType ?? "team",
      slug: values.slug,
      abbreviation: values.abbreviation ?? values.slug.slice(0, 3).toUpperCase(),
      name,
      fullName: values.fullName ?? `City ${name}`,
      logoUrl: `https://img.example/${values.slug}.png`,
    })
    .returning();
  return row!;
}

export async function insertPack(values: {
  league?: "nfl" | "mlb";
  status?: PackStatus;
  openTime?: Date | null;
  closeTime?: Date | null;
  teams?: [TeamRow, TeamRow];
  title?: string;
  openNotifiedAt?: Date | null;
  /** Props a player can still pick (default 1); 0 gives a pack whose every prop is closed. */
  openProps?: number;
}) {
  const db = await getDb();
  const packUrl = `pack-${randomInt(1, 1_000_000_000)}`;
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl,
      title: values.title ?? `Pack ${packUrl}`,
      league: values.league ?? "nfl",
      status: values.status ?? "open",
      openTime: values.openTime ?? null,
      closeTime: values.closeTime === undefined ? new Date(Date.now() + 86_400_000) : values.closeTime,
      coverUrl: `https://img.example/${packUrl}.png`,
      openNotifiedAt: values.openNotifiedAt ?? null,
    })
    .returning();
  if (values.teams) {
    const [home, away] = values.teams;
    const [event] = await db
      .insert(events)
      .values({
        league: values.league ?? "nfl",
        title: `${away.name} at ${home.name}`,
        startTime: new Date((values.closeTime ?? new Date(Date.now() + 86_400_000)).getTime() + 60_000),
        homeTeamId: home.id,
        awayTeamId: away.id,
      })
      .returning();
    await db.insert(packEvents).values({ packId: pack!.id, eventId: event!.id });
  }
  const open = values.openProps ?? 1;
  const statuses: Array<{ status: PropStatus; position: number }> =
    open === 0 ? [{ status: "closed", position: 0 }] : Array.from({ length: open }, (_, i) => ({ status: "open", position: i }));
  await db.insert(props).values(
    statuses.map((prop) => ({
      ...prop,
      packId: pack!.id,
      shortLabel: "Who wins?",
      title: "Who wins?",
      sideAShort: "A",
      sideBShort: "B",
      sideATake: "A wins",
      sideBTake: "B wins",
    })),
  );
  return pack!;
}

export async function insertSeries(values: { slug: string; title?: string; packIds?: string[] }) {
  const db = await getDb();
  const [row] = await db
    .insert(series)
    .values({ slug: values.slug, title: values.title ?? `Series ${values.slug}` })
    .returning();
  for (const packId of values.packIds ?? []) await db.insert(seriesPacks).values({ seriesId: row!.id, packId });
  return row!;
}

export async function insertCard(values: Partial<typeof awardCards.$inferInsert> & { code: string }) {
  const db = await getDb();
  const [row] = await db
    .insert(awardCards)
    .values({ name: `Card ${values.code}`, kind: "award", tokensCents: 500, ...values })
    .returning();
  return row!;
}

export const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
