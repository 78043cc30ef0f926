import { AI_MODELS } from "@/config";
import { formatShortDateTime } from "./time";
// The parts of an event the summary facts come from (an admin event as the API returns it).
import type { SummaryEventInput } from "./schemas/ai-summary";

export type AiModel = (typeof AI_MODELS)[number];
export const DEFAULT_WORDS_MAX = 40;
export const MIN_WORDS_MAX = 10;
export const MAX_WORDS_MAX = 200;

export function isAiModel(value: unknown): value is AiModel {
  return typeof value === "string" && (AI_MODELS as readonly string[]).includes(value);
}

/** Max words clamped to 10–200; anything unreadable means the default 40 (docs/PRODUCT.md §14). */
export function clampWordsMax(value: unknown): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return DEFAULT_WORDS_MAX;
  return Math.min(MAX_WORDS_MAX, Math.max(MIN_WORDS_MAX, Math.round(number)));
}

export function countWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/**
 * A preview within `max` words that never stops mid-sentence (docs/PRODUCT.md §14): the whole
 * sentences that fit. When even the first sentence is longer, it is kept whole if it runs at most
 * half as long again as the limit; only a longer one (or text with no sentence end at all) is cut
 * at `max` words, and then it ends with "…", never with a full stop that would pass a fragment off
 * as a sentence. `strict` (our own offline writer, which can always fit) allows no sentence over the limit.
 */
export function limitWords(text: string, max: number, { strict = false }: { strict?: boolean } = {}): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= max) return words.join(" ");
  const sentences = words.join(" ").split(/(?<=[.!?]["'”’)]?)\s+/);
  const kept: string[] = [];
  let count = 0;
  for (const sentence of sentences) {
    const length = countWords(sentence);
    if (count + length > max) break;
    kept.push(sentence);
    count += length;
  }
  const [first = ""] = sentences;
  if (kept.length > 0 && /[.!?]["'”’)]?$/.test(kept.at(-1)!)) return kept.join(" ");
  if (!strict && /[.!?]["'”’)]?$/.test(first) && countWords(first) <= Math.floor(max * 1.5)) return first;
  return `${words
    .slice(0, max)
    .join(" ")
    .replace(/[,;:–—-]+$/, "")}…`;
}

/** What the summariser knows about a game. */
export interface SummaryEventFacts {
  league: string;
  title: string;
  awayTeam: string;
  homeTeam: string;
  /** Already formatted for people, e.g. "Thu, Sep 4 · 8:20 PM ET". */
  when: string;
  venue: string | null;
  awayRecord: string | null;
  homeRecord: string | null;
  neutralSite: boolean;
}

/**
 * The prompt sent to the AI service, also shown in the aiSummary dialog so an
 * admin can paste it into an external tool. A pack with several games gets a
 * preview of all of them, not of its first (issue 24).
 */
export function buildSummaryPrompt(games: SummaryEventFacts | SummaryEventFacts[], context: string, wordsMax: number): string {
  const list = Array.isArray(games) ? games : [games];
  const first = list[0]!;
  const lines =
    list.length === 1
      ? [
          `Write a short, factual preview of this ${first.league.toUpperCase()} game for a sports prediction app, in at most ${wordsMax} words.`,
          `Game: ${first.awayTeam} at ${first.homeTeam}${first.neutralSite ? " (neutral site)" : ""}.`,
          `When: ${first.when}.`,
        ]
      : [
          `Write a short, factual preview of these ${list.length} ${[...new Set(list.map((g) => g.league.toUpperCase()))].join("/")} games for a sports prediction app, in at most ${wordsMax} words.`,
          ...list.map(
            (g, i) =>
              `Game ${i + 1}: ${g.awayTeam} at ${g.homeTeam}${g.neutralSite ? " (neutral site)" : ""}, ${g.when}${g.venue ? `, ${g.venue}` : ""}.`,
          ),
        ];
  if (list.length === 1 && first.venue) lines.push(`Venue: ${first.venue}.`);
  for (const g of list) {
    if (g.awayRecord || g.homeRecord)
      lines.push(`Records: ${g.awayTeam} ${g.awayRecord ?? "n/a"}, ${g.homeTeam} ${g.homeRecord ?? "n/a"}.`);
  }
  if (context.trim()) lines.push(`Context from the editor: ${context.trim()}`);
  lines.push(
    list.length === 1
      ? "Mention both teams. No betting advice, no invented statistics, no emoji."
      : "Mention every game. No betting advice, no invented statistics, no emoji.",
  );
  return lines.join("\n");
}

export function summaryFactsOf(event: SummaryEventInput): SummaryEventFacts {
  const [awayFromTitle, homeFromTitle] = event.eventTitle.split(" at ");
  return {
    league: event.eventLeague,
    title: event.eventTitle,
    awayTeam: event.awayTeam?.fullName ?? awayFromTitle ?? "Away team",
    homeTeam: event.homeTeam?.fullName ?? homeFromTitle ?? "Home team",
    when: formatShortDateTime(new Date(event.eventTime)),
    venue: event.venue,
    awayRecord: event.details?.awayRecord ?? null,
    homeRecord: event.details?.homeRecord ?? null,
    neutralSite: event.neutralSite,
  };
}
