import { Check, Gem, X } from "@/components/ui/plain-icons";
import { formatTokens } from "@/domain/points";
import type { PropView } from "@/domain/views";
import { LiveSlot } from "@/components/live/live-slot";
import type { PendingTake } from "@/components/live/provisional";
import { worthWatching, type LiveGameSeed } from "@/domain/live";
import { eventSeed, PropFace } from "./prop-face";

type Side = "A" | "B";
const WINNER: Record<string, Side | undefined> = { gradedA: "A", gradedB: "B" };

/**
 * The deck face of a prop after the pack closed: read-only sides filled by the
 * crowd split, and once graded the result of each side and of the viewer's take.
 */
export function ClosedPropFace({ prop, packCloseTime, league }: { prop: PropView; packCloseTime: Date | null; league: string }) {
  const split = prop.split ?? { A: 0, B: 0 };
  const count = split.A + split.B;
  const mine = prop.viewerTake;
  const winner = WINNER[prop.status];
  // A void prop counts for no one: its sides say "Void", not a split of takes that no longer count.
  const isVoid = prop.status === "void";
  return (
    <>
      <PropFace prop={prop} packCloseTime={packCloseTime} league={league} />
      <div className="mt-3 space-y-2">
        {(["A", "B"] as const).map((side) => {
          const share = count && !isVoid ? Math.round((split[side] / count) * 100) : 0;
          const isMine = mine?.side === side;
          const value = isMine ? mine.lockedValue : prop.sides[side].value;
          const outcome =
            prop.status === "void" ? null : prop.status === "push" ? "Push" : winner ? (winner === side ? "Won" : "Lost") : null;
          return (
            <div
              key={side}
              aria-label={`${prop.sides[side].short}, ${value} points${isMine ? ", your pick" : ""}, ${isVoid ? "void" : `${share}% of takes`}${outcome ? `, ${outcome}` : ""}`}
              role="group"
              className={`relative overflow-hidden rounded-2xl px-4 py-2 ring-1 ${isMine ? "ring-accent" : "ring-line"}`}
            >
              <div
                aria-hidden="true"
                className={`absolute inset-y-0 left-0 ${isMine ? "bg-accent/25" : "bg-page"}`}
                style={{ width: `${share}%` }}
              />
              <div className="relative flex items-center justify-between gap-3">
                <span>
                  <span className="block font-bold">
                    {prop.sides[side].short}
                    {isMine ? (
                      // Solid, so it reads on the share bar behind it in both themes (axe color-contrast).
                      <span className="ml-2 rounded-full bg-accent px-1.5 py-0.5 text-xs font-bold uppercase text-surface">Your pick</span>
                    ) : null}
                  </span>
                  {/* On the player's own side the share bar is tinted: ink, not muted, keeps the sentence readable. */}
                  <span className={`block text-sm ${isMine ? "text-ink" : "text-muted"}`}>{prop.sides[side].take}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end text-sm font-bold">
                  <span className="tabular">{isVoid ? "Void" : `${share}%`}</span>
                  <span className={`tabular text-xs ${isMine ? "text-ink" : "text-muted"}`}>{value} pts</span>
                  {/* On tinted pills: the share bar behind the player's own side (accent at 25 %) can reach this
                      corner, and green or red on it read at 3.4:1 and 4.3:1 (red 3.6:1 in the dark theme; axe color-contrast). */}
                  {outcome === "Won" ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-won-tint px-1.5 text-won">
                      <Check size={14} aria-hidden="true" /> Won
                    </span>
                  ) : outcome === "Lost" ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-lost-tint px-1.5 text-lost">
                      <X size={14} aria-hidden="true" /> Lost
                    </span>
                  ) : outcome === "Push" ? (
                    <span className="rounded-full bg-push-tint px-1.5 text-push">Push</span>
                  ) : null}
                </span>
              </div>
              {isMine && (winner || prop.status === "push") ? (
                <p className="relative mt-1 inline-flex items-center gap-1 text-sm font-bold">
                  {mine.points > 0 ? (
                    <>
                      +{mine.points} pts · +<Gem size={14} aria-label="diamonds" />
                      {formatTokens(mine.tokensCents)}
                    </>
                  ) : (
                    "0 pts"
                  )}
                </p>
              ) : null}
              {isMine && prop.event && !winner && (prop.status === "open" || prop.status === "closed") ? (
                <ProvisionalSlot
                  take={{ propId: prop.id, eventId: prop.event.id, side, points: mine.lockedValue }}
                  seed={eventSeed(prop.event, league)}
                />
              ) : null}
            </div>
          );
        })}
        {isVoid ? (
          <p className="text-sm font-semibold text-muted">Void — no points</p>
        ) : (
          <p className="text-sm text-muted">
            {count.toLocaleString("en-US")} {count === 1 ? "take" : "takes"}
          </p>
        )}
      </div>
    </>
  );
}

/** "Winning if it ended now" under the player's pending pick, once the live view has loaded (docs/decisions/053-game-day-live.md). */
function ProvisionalSlot({ take, seed }: { take: PendingTake; seed: LiveGameSeed }) {
  return (
    <LiveSlot view="take" props={{ take, seed }} watch={worthWatching(seed, Date.now())}>
      <p className="relative mt-1 min-h-5" />
    </LiveSlot>
  );
}
