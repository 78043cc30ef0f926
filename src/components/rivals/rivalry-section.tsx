import { Bot, Swords } from "lucide-react";
import { AiTag } from "@/components/leaderboard/ai-tag";
import { formatWonLostTied, hasPlayed, type ProfileRivalry } from "@/domain/rivals";
import { AI_PLAYER_HANDLE } from "@/domain/ai-player";
import { RematchButton } from "./rematch-button";

/**
 * The profile's rivalry lines (docs/decisions/069-rivals-and-the-ai-player.md), a section of its own
 * so other profile sections merge beside it: "You vs @them: 7–3–1 · H2H 2–1" with a Rematch button
 * when a pack is open for one, and the player's lifetime record against the AI player.
 */
export function RivalrySection({ rivalry, handle, isOwner }: { rivalry: ProfileRivalry; handle: string; isOwner: boolean }) {
  const { againstViewer, againstAi, rematchPack } = rivalry;
  if (!againstViewer && !againstAi) return null;
  return (
    <section aria-labelledby="rivalry" className="mt-8">
      <h2 id="rivalry" className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
        Rivalry {rivalry.isAi ? <AiTag /> : null}
      </h2>
      <div className="mt-3 flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <ul className="flex flex-col gap-2">
          {againstViewer ? (
            <li data-rival-record className="flex items-center gap-2">
              <Swords size={16} aria-hidden="true" className="shrink-0 text-accent" />
              <span>
                <span className="font-semibold">You vs @{handle}:</span>{" "}
                <span className="tabular-nums">{formatWonLostTied(againstViewer.packs)}</span>
                {rivalry.isAi ? null : (
                  <>
                    {" · "}H2H <span className="tabular-nums">{formatH2h(againstViewer.h2h)}</span>
                  </>
                )}
              </span>
            </li>
          ) : null}
          {againstAi ? (
            <li data-ai-record className="flex items-center gap-2">
              <Bot size={16} aria-hidden="true" className="shrink-0 text-accent" />
              <span>
                <span className="font-semibold">{isOwner ? "You" : `@${handle}`} vs the AI:</span>{" "}
                {hasPlayed(againstAi) ? (
                  <span className="tabular-nums">{formatWonLostTied(againstAi)}</span>
                ) : (
                  <span className="text-muted">no graded pack against @{AI_PLAYER_HANDLE} yet</span>
                )}
              </span>
            </li>
          ) : null}
          <li className="text-xs text-muted">Won–lost–tied on graded packs both played: more points on the pack wins.</li>
        </ul>
        {rematchPack ? <RematchButton handle={handle} packTitle={rematchPack.title} /> : null}
      </div>
    </section>
  );
}

/** "2–1", or "2–1–1" once a head-to-head was tied. */
function formatH2h(record: { won: number; lost: number; tied: number }): string {
  return record.tied ? formatWonLostTied(record) : `${record.won}–${record.lost}`;
}
