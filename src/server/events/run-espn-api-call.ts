import "server-only";
import type { League } from "@/config";
import type { ApiTesterCall, ApiTesterGame, ApiTesterResult } from "@/domain/schemas/events";
import { serverEnv } from "@/env";
import { badRequest } from "@/server/http/app-error";
import { espnRequestUrl, type EspnRequest } from "@/server/integrations/espn/client";
import { probeJson } from "@/server/integrations/espn/fetch-json";
import { parseEspnScoreboard } from "@/server/integrations/espn/parse-scoreboard";
import { parseEspnSummary } from "@/server/integrations/espn/parse-summary";

/** One call the admin's ESPN API tester asks for, with the parameters it takes. */
interface ApiTesterRequest {
  call: ApiTesterCall;
  league: League;
  date?: string;
  year?: number;
  week?: number;
  eventId?: string;
  teamId?: string;
}

function toRequest(input: ApiTesterRequest): EspnRequest {
  switch (input.call) {
    case "scoreboard":
      if (input.league === "nfl" && input.year !== undefined && input.week !== undefined)
        return { kind: "nflWeek", year: input.year, week: input.week };
      if (!input.date) throw badRequest(input.league === "nfl" ? "Pick an NFL year and week, or a date." : "Pick a date.");
      return { kind: "scoreboardDate", league: input.league, date: input.date };
    case "teams":
      return { kind: "teams", league: input.league };
    case "summary":
    case "odds":
      if (!input.eventId) throw badRequest("Enter an ESPN event id.");
      return { kind: input.call, league: input.league, eventId: input.eventId };
    case "roster":
      if (!input.teamId) throw badRequest("Enter an ESPN team id.");
      return { kind: "roster", league: input.league, teamId: input.teamId };
  }
}

function describeGame(game: ReturnType<typeof parseEspnSummary>): ApiTesterGame {
  const scored = game.home.score !== null && game.away.score !== null;
  return {
    espnEventId: game.espnEventId,
    matchup: game.shortName ?? game.title,
    score: scored ? `${game.away.abbreviation} ${game.away.score} @ ${game.home.abbreviation} ${game.home.score}` : null,
    status: game.status,
    statusDetail: game.statusDetail,
    time: game.startTime.toISOString(),
  };
}

/**
 * Runs one of the app's own ESPN calls with the admin's parameters and reports
 * status, timing and JSON. Only the known calls on the configured ESPN base
 * URLs can be made: the URL is built from validated parts, never taken from
 * the request, so the tester cannot be pointed at other hosts.
 */
export async function runEspnApiCall(input: ApiTesterRequest): Promise<ApiTesterResult> {
  const env = serverEnv();
  let requestUrl: string;
  try {
    requestUrl = espnRequestUrl(toRequest(input), { siteBaseUrl: env.ESPN_BASE_URL, coreBaseUrl: env.ESPN_CORE_BASE_URL });
  } catch (error) {
    if (error instanceof RangeError) throw badRequest("Check the parameters: ids are digits, dates YYYYMMDD.");
    throw error;
  }
  const probe = await probeJson(requestUrl);
  const ok = probe.status !== null && probe.status >= 200 && probe.status < 300 && probe.error === null;
  const result: ApiTesterResult = {
    requestUrl,
    status: probe.status,
    ms: probe.ms,
    ok,
    error: ok ? null : "Fetch failed",
    json: probe.json,
  };
  if (ok && input.call === "scoreboard") {
    try {
      result.games = parseEspnScoreboard(probe.json, input.league).games.map(describeGame);
    } catch {
      result.error = "Failed to fetch events";
    }
  }
  if (ok && input.call === "summary") {
    try {
      result.game = describeGame(parseEspnSummary(probe.json, input.league));
    } catch {
      result.error = "Fetch failed";
    }
  }
  return result;
}
