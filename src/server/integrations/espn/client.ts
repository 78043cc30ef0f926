import "server-only";
import type { League } from "@/config";
import { serverEnv } from "@/env";
import { fetchJson, type FetchJsonOptions } from "./fetch-json";
import type { EspnGame } from "./game";
import { parseEspnCoreOdds, type EspnMoneylines } from "./parse-odds";
import { parseEspnRoster, type ParsedEspnPlayer } from "./parse-roster";
import { parseEspnScoreboard, type ParsedScoreboard } from "./parse-scoreboard";
import { parseEspnSummary } from "./parse-summary";

/** Every ESPN call the app makes; nothing else can be requested (no arbitrary URLs). */
export type EspnRequest =
  | { kind: "nflWeek"; year: number; week: number }
  | { kind: "scoreboardDate"; league: League; date: string }
  | { kind: "teams"; league: League }
  | { kind: "summary"; league: League; eventId: string }
  | { kind: "roster"; league: League; teamId: string }
  | { kind: "odds"; league: League; eventId: string };

export interface EspnResponse {
  url: string;
  status: number;
  ms: number;
  json: unknown;
}

export interface EspnClient {
  request(request: EspnRequest): Promise<EspnResponse>;
  /** Regular-season NFL week (`dates={year}&seasontype=2&week={n}`). */
  nflWeekScoreboard(year: number, week: number): Promise<ParsedScoreboard>;
  /** One day's scoreboard, `date` as YYYYMMDD. */
  dateScoreboard(league: League, date: string): Promise<ParsedScoreboard>;
  teamsJson(league: League): Promise<unknown>;
  summary(league: League, eventId: string): Promise<EspnGame>;
  moneylines(league: League, eventId: string): Promise<EspnMoneylines | null>;
  roster(league: League, teamId: string): Promise<ParsedEspnPlayer[]>;
}

const SPORT_PATH: Record<League, { site: string; core: string }> = {
  nfl: { site: "football/nfl", core: "football/leagues/nfl" },
  mlb: { site: "baseball/mlb", core: "baseball/leagues/mlb" },
};

const ID = /^[0-9]{1,12}$/;
const YYYYMMDD = /^[0-9]{8}$/;

/**
 * Builds the URL of a request on the configured bases. Path pieces are
 * validated (digits only), so a caller can never steer a request elsewhere.
 */
export function espnRequestUrl(request: EspnRequest, bases: { siteBaseUrl: string; coreBaseUrl: string }): string {
  const site = bases.siteBaseUrl.replace(/\/+$/, "");
  const core = bases.coreBaseUrl.replace(/\/+$/, "");
  switch (request.kind) {
    case "nflWeek":
      assertInt(request.year, 1900, 3000, "year");
      assertInt(request.week, 1, 25, "week");
      return `${site}/${SPORT_PATH.nfl.site}/scoreboard?dates=${request.year}&seasontype=2&week=${request.week}`;
    case "scoreboardDate":
      if (!YYYYMMDD.test(request.date)) throw new RangeError(`Invalid date ${request.date}`);
      return `${site}/${SPORT_PATH[request.league].site}/scoreboard?dates=${request.date}`;
    case "teams":
      return `${site}/${SPORT_PATH[request.league].site}/teams`;
    case "summary":
      assertId(request.eventId);
      return `${site}/${SPORT_PATH[request.league].site}/summary?event=${request.eventId}`;
    case "roster":
      assertId(request.teamId);
      return `${site}/${SPORT_PATH[request.league].site}/teams/${request.teamId}/roster`;
    case "odds":
      assertId(request.eventId);
      return `${core}/${SPORT_PATH[request.league].core}/events/${request.eventId}/competitions/${request.eventId}/odds`;
  }
}

function assertId(id: string) {
  if (!ID.test(id)) throw new RangeError(`Invalid ESPN id ${id}`);
}

function assertInt(value: number, min: number, max: number, name: string) {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`Invalid ${name} ${value}`);
}

export function createEspnClient(options: { siteBaseUrl: string; coreBaseUrl: string; fetchOptions?: FetchJsonOptions }): EspnClient {
  const request = async (req: EspnRequest): Promise<EspnResponse> => {
    const url = espnRequestUrl(req, options);
    const fetched = await fetchJson(url, options.fetchOptions);
    return { url, ...fetched };
  };
  return {
    request,
    nflWeekScoreboard: async (year, week) => parseEspnScoreboard((await request({ kind: "nflWeek", year, week })).json, "nfl"),
    dateScoreboard: async (league, date) => parseEspnScoreboard((await request({ kind: "scoreboardDate", league, date })).json, league),
    teamsJson: async (league) => (await request({ kind: "teams", league })).json,
    summary: async (league, eventId) => parseEspnSummary((await request({ kind: "summary", league, eventId })).json, league),
    moneylines: async (league, eventId) => parseEspnCoreOdds((await request({ kind: "odds", league, eventId })).json),
    roster: async (league, teamId) => parseEspnRoster((await request({ kind: "roster", league, teamId })).json),
  };
}

/** The client on the configured ESPN_BASE_URL / ESPN_CORE_BASE_URL. */
export function getEspnClient(fetchOptions?: FetchJsonOptions): EspnClient {
  const env = serverEnv();
  return createEspnClient({ siteBaseUrl: env.ESPN_BASE_URL, coreBaseUrl: env.ESPN_CORE_BASE_URL, fetchOptions });
}
