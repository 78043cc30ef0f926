import "server-only";
import type { EventMoneylines } from "@/domain/schemas/events";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import { espnFailure } from "./espn-errors";
import { getEventOrThrow } from "./get-event";

/**
 * Pre-game moneylines for an event, for "Use ESPN odds": ESPN's core odds when
 * they quote both sides, else the moneylines stored at import; null when
 * neither has them (scoreboards often carry only the spread and total).
 */
export async function getEventOdds(input: { eventId: string; espn?: EspnClient }): Promise<EventMoneylines | null> {
  const event = await getEventOrThrow({ eventId: input.eventId });
  const stored = event.odds;
  if (event.espnEventId && /^[0-9]+$/.test(event.espnEventId)) {
    const espn = input.espn ?? getEspnClient({ retries: 1 });
    try {
      const lines = await espn.moneylines(event.eventLeague, event.espnEventId);
      if (lines) {
        return {
          homeMoneyline: lines.homeMoneyline,
          awayMoneyline: lines.awayMoneyline,
          provider: lines.provider,
          spread: lines.spread,
          overUnder: lines.overUnder,
        };
      }
    } catch (error) {
      // A 404 means ESPN has no odds for this game; anything else is an outage worth reporting
      // unless the import already stored moneylines.
      // (A 404 is not logged: a slate preview asks for every game's odds and most have none.)
      const notFound = (error as { status?: number | null }).status === 404;
      if (!notFound) {
        const mapped = espnFailure(error, "Fetching ESPN odds");
        if (!(stored?.homeMoneyline && stored.awayMoneyline)) throw mapped;
      }
    }
  }
  if (stored?.homeMoneyline && stored.awayMoneyline) {
    return {
      homeMoneyline: stored.homeMoneyline,
      awayMoneyline: stored.awayMoneyline,
      // Stored odds may lack these (the seed's demo odds have no spread).
      provider: stored.provider ?? null,
      spread: stored.spread ?? null,
      overUnder: stored.overUnder ?? null,
    };
  }
  return null;
}
