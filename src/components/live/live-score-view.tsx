"use client";

import { isInPlay, STALE_READING_MS, type LiveGameSeed } from "@/domain/live";
import { ScoreLine } from "./score-line";
import { ageWords, useLiveGames, useNow } from "./use-live-games";

/** The score line following the tab's live stream; loaded after the page by ./live-slot.tsx. */
export function LiveScoreView({ seed, before }: { seed: LiveGameSeed; before?: string }) {
  const game = useLiveGames([seed])[0]!;
  const live = isInPlay(game.state);
  const now = useNow(live);
  const stale = live && game.freshAt !== null && now - game.freshAt > STALE_READING_MS;
  return <ScoreLine game={game} before={before} staleFor={stale ? ageWords(now - game.freshAt!) : null} />;
}
