import "server-only";
import type { League } from "@/config";
import type { FetchTeamsResult } from "@/domain/schemas/events";
import { getDb } from "@/server/db/client";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import { parseEspnTeams } from "@/server/integrations/espn/parse-teams";
import { espnFailure } from "./espn-errors";
import { upsertTeams, type TeamInput } from "./upsert-teams";

/** Reads a league's team list from ESPN (network only; no database). */
export async function loadEspnTeamList(league: League, espn: EspnClient = getEspnClient()): Promise<TeamInput[]> {
  let json: unknown;
  try {
    json = await espn.teamsJson(league);
  } catch (error) {
    throw espnFailure(error, `Fetching ${league.toUpperCase()} teams`);
  }
  try {
    return parseEspnTeams(json, league);
  } catch (error) {
    throw espnFailure(error, `Fetching ${league.toUpperCase()} teams`, "ESPN's answer had no team list");
  }
}

/**
 * Fetches a league's teams from ESPN and upserts them by (league, ESPN team id),
 * audited. The network call happens before the transaction opens.
 */
export async function fetchTeams(input: { league: League; actorProfileId: string; espn?: EspnClient }): Promise<FetchTeamsResult> {
  const list = await loadEspnTeamList(input.league, input.espn);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const upsert = await upsertTeams(tx, input.league, list);
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "teams.fetch",
      entityType: "team",
      before: null,
      after: { league: input.league, upserted: list.length, created: upsert.created, updated: upsert.updated },
    });
    return upsert;
  });
  // Both drivers are PostgreSQL (PGlite is PostgreSQL in WASM); docs/PRODUCT.md §17 fixes the backend name.
  return { upserted: list.length, created: result.created, updated: result.updated, backend: "postgres" };
}
