import { worthWatching, type LiveGameSeed } from "@/domain/live";
import { LiveSlot } from "./live-slot";
import { ScoreLine } from "./score-line";

/**
 * A game's score line that follows the game while it is played (docs/decisions/053-game-day-live.md):
 * rendered by the server, then, for a game in or near play, by the live view once it has loaded.
 */
export function LiveScore({ seed, before }: { seed: LiveGameSeed; before?: string }) {
  // A game long over or days away is plain server HTML: no client boundary, nothing to hydrate.
  if (!worthWatching(seed, Date.now())) return <ScoreLine game={seed} before={before} />;
  return (
    <LiveSlot view="score" props={{ seed, before }} watch>
      <ScoreLine game={seed} before={before} />
    </LiveSlot>
  );
}
