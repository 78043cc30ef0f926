import "server-only";
import { z } from "zod";
import type { League } from "@/config";
import { liveReadingOf, readCompetition, ZEspnCompetitor, ZEspnId, ZEspnStatus, type EspnGame } from "./game";

const ZSummary = z.object({
  header: z.object({
    id: ZEspnId,
    season: z.object({ year: z.number().int().optional(), type: z.number().int().optional() }).optional(),
    week: z.number().int().optional(),
    competitions: z
      .array(
        z.object({
          date: z.string(),
          neutralSite: z.boolean().optional(),
          competitors: z.array(ZEspnCompetitor),
          status: ZEspnStatus.optional(),
        }),
      )
      .min(1),
  }),
  gameInfo: z.object({ venue: z.object({ fullName: z.string().optional() }).optional() }).optional(),
});

/**
 * Reads a game summary (`/summary?event={id}`): status and final score come
 * from `header.competitions[0]`, where teams carry `logos[]` rather than `logo`
 * and MLB headers have no week.
 */
export function parseEspnSummary(json: unknown, league: League): EspnGame {
  const parsed = ZSummary.safeParse(json);
  if (!parsed.success) throw new Error(`ESPN summary has an unexpected shape: ${parsed.error.issues[0]?.message}`);
  const { header, gameInfo } = parsed.data;
  const competition = header.competitions[0]!;
  const read = readCompetition(competition.competitors, competition.date, competition.status);
  if (read === "sides") throw new Error("ESPN summary needs one home and one away competitor");
  if (read === "date") throw new Error(`ESPN summary has an unreadable date ${competition.date}`);
  const { startTime, status, home, away } = read;
  return {
    league,
    espnEventId: header.id,
    title: `${away.displayName} at ${home.displayName}`,
    shortName: `${away.abbreviation} @ ${home.abbreviation}`,
    startTime,
    status,
    statusDetail: competition.status?.type.detail ?? null,
    completed: competition.status?.type.completed === true,
    ...liveReadingOf(competition.status, league),
    home,
    away,
    venue: gameInfo?.venue?.fullName ?? null,
    neutralSite: competition.neutralSite ?? false,
    seasonYear: header.season?.year ?? null,
    seasonType: header.season?.type ?? null,
    week: header.week ?? null,
    odds: null,
  };
}
