import { countWords, limitWords, type SummaryEventFacts } from "@/domain/ai-summary";

/**
 * A factual preview written from the event's own data (teams, time, venue,
 * records) when no AI service is configured: the most detailed of a few
 * sentences that fits the word limit, always naming both teams.
 */
export function writeOfflineSummary(games: SummaryEventFacts | SummaryEventFacts[], wordsMax: number, context = ""): string {
  const list = Array.isArray(games) ? games : [games];
  // The editor's own words come first: the context box is what they want said (issue 24).
  const lead = context.trim().replace(/\s+/g, " ");
  const withLead = (text: string) => (lead ? `${/[.!?]$/.test(lead) ? lead : `${lead}.`} ${text}` : text);
  if (list.length > 1) {
    const lines = list.map((g) => `${g.awayTeam} at ${g.homeTeam}, ${g.when}.`);
    const short = list.map((g) => `${g.awayTeam} at ${g.homeTeam}.`);
    const candidates = [
      withLead(`${list.length} games: ${lines.join(" ")} Make your takes before each game starts.`),
      withLead(`${list.length} games: ${lines.join(" ")}`),
      withLead(`${list.length} games: ${short.join(" ")}`),
      `${list.length} games: ${short.join(" ")}`,
    ];
    return candidates.find((sentence) => countWords(sentence) <= wordsMax) ?? limitWords(candidates.at(-1)!, wordsMax, { strict: true });
  }
  const text = offlineGameSentence(list[0]!, Math.max(5, wordsMax - (lead ? countWords(lead) : 0)));
  const led = withLead(text);
  return countWords(led) <= wordsMax ? led : offlineGameSentence(list[0]!, wordsMax);
}

function offlineGameSentence(facts: SummaryEventFacts, wordsMax: number): string {
  const away = facts.awayRecord ? `the ${facts.awayTeam} (${facts.awayRecord})` : `the ${facts.awayTeam}`;
  const home = facts.homeRecord ? `the ${facts.homeTeam} (${facts.homeRecord})` : `the ${facts.homeTeam}`;
  const where = facts.venue ? ` at ${facts.venue}` : "";
  const neutral = facts.neutralSite ? " on a neutral field" : "";
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const candidates = [
    `${capital(away)} take on ${home}${where}${neutral}, ${facts.when}. Both sides bring their records into this ${facts.league.toUpperCase()} matchup; make your takes before the game starts.`,
    `${capital(away)} take on ${home}${where}${neutral}, ${facts.when}.`,
    `${facts.awayTeam} at ${facts.homeTeam}${where}, ${facts.when}.`,
    `${facts.awayTeam} at ${facts.homeTeam}, ${facts.when}.`,
    `${facts.awayTeam} at ${facts.homeTeam}.`,
  ];
  const fitting = candidates.find((sentence) => countWords(sentence) <= wordsMax);
  return fitting ?? limitWords(candidates.at(-1)!, wordsMax, { strict: true });
}
