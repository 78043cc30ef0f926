import "server-only";
import { z } from "zod";
import { isValidMoneyline } from "@/domain/points";

const ZCoreOddsItem = z.object({
  provider: z
    .object({ id: z.union([z.string(), z.number()]).optional(), name: z.string().optional(), priority: z.number().optional() })
    .optional(),
  details: z.string().optional(),
  overUnder: z.number().optional(),
  spread: z.number().optional(),
  homeTeamOdds: z.object({ moneyLine: z.number().optional(), favorite: z.boolean().optional() }).optional(),
  awayTeamOdds: z.object({ moneyLine: z.number().optional(), favorite: z.boolean().optional() }).optional(),
});

const ZCoreOdds = z.object({ items: z.array(z.unknown()) });

export interface EspnMoneylines {
  provider: string;
  homeMoneyline: number;
  awayMoneyline: number;
  spread: number | null;
  overUnder: number | null;
  details: string | null;
}

// Live-odds providers swing to extreme prices mid-game (−14286 / +2500 in the
// recorded NFL file); pre-game lines are what a prop should open with.
const isLiveProvider = (name: string) => /live/i.test(name);

/**
 * Picks one provider's pre-game moneylines from ESPN's core odds list: the
 * highest-priority non-live provider that quotes both sides (ESPN BET first in
 * practice). Providers with only `bettingOdds` are skipped. Null when none fits.
 */
export function parseEspnCoreOdds(json: unknown): EspnMoneylines | null {
  const parsed = ZCoreOdds.safeParse(json);
  if (!parsed.success) return null;
  const candidates: Array<EspnMoneylines & { priority: number; index: number }> = [];
  parsed.data.items.forEach((raw, index) => {
    const item = ZCoreOddsItem.safeParse(raw);
    if (!item.success) return;
    const { provider, homeTeamOdds, awayTeamOdds } = item.data;
    const name = provider?.name ?? "ESPN";
    const home = homeTeamOdds?.moneyLine;
    const away = awayTeamOdds?.moneyLine;
    if (isLiveProvider(name) || !isValidMoneyline(home) || !isValidMoneyline(away)) return;
    candidates.push({
      provider: name,
      homeMoneyline: home,
      awayMoneyline: away,
      spread: item.data.spread ?? null,
      overUnder: item.data.overUnder ?? null,
      details: item.data.details ?? null,
      priority: provider?.priority ?? 0,
      index,
    });
  });
  candidates.sort((a, b) => b.priority - a.priority || a.index - b.index);
  const best = candidates[0];
  if (!best) return null;
  const { priority: _priority, index: _index, ...moneylines } = best;
  return moneylines;
}
