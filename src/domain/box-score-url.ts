/** ESPN's public game page for an imported event ("View Game"); null when the event has no ESPN id. */
export function boxScoreUrl(league: string | null, espnEventId: string | null): string | null {
  if (!league || !espnEventId) return null;
  return `https://www.espn.com/${league}/game/_/gameId/${encodeURIComponent(espnEventId)}`;
}
