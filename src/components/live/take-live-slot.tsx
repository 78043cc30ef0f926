import { worthWatching, type LiveGameSeed } from "@/domain/live";
import { LiveSlot } from "./live-slot";

/**
 * A pending take's live standing on a page the server draws (the receipt, a head-to-head, the
 * profile's history; docs/decisions/053-game-day-live.md): what the take would pay as its game goes,
 * loaded only while the game is worth watching (`watch`, by default judged now, on the server).
 */
export function TakeLiveSlot({
  propId,
  side,
  points,
  seed,
  watch = worthWatching(seed, Date.now()),
}: {
  propId: string;
  side: "A" | "B";
  /** What the take pays if it wins (its locked value). */
  points: number;
  seed: LiveGameSeed;
  watch?: boolean;
}) {
  return <LiveSlot view="take" props={{ take: { propId, eventId: seed.eventId, side, points }, seed }} watch={watch} />;
}
