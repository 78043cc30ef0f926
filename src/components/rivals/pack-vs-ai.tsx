// Drawn as plain SVG: a server component on the pack page that imported lucide-react would put its icon runtime in the first load (docs/decisions/042-icons-drawn-on-the-server-and-the-pick-draft.md).
import { Bot } from "@/components/ui/plain-icons";
import type { PackVsAiScore } from "@/domain/rivals";

const VERDICT = { won: "beat the AI", lost: "lost to the AI", tied: "tied with the AI" } as const;

/**
 * "You 1,250 · AI 980" on a graded pack's page and receipt (src/server/rivals/get-pack-vs-ai.ts; docs/decisions/069-rivals-and-the-ai-player.md):
 * the player's points against the AI player's on this pack, and the verdict by the rival rule.
 */
export function PackVsAi({ score, handle, isViewer }: { score: PackVsAiScore; handle: string; isViewer: boolean }) {
  const who = isViewer ? "You" : `@${handle}`;
  return (
    <p data-pack-vs-ai className="flex items-center gap-2 rounded-2xl bg-surface p-3 text-sm ring-1 ring-line">
      <Bot size={16} aria-hidden="true" className="shrink-0 text-accent" />
      <span>
        <span className="font-bold tabular-nums">
          {who} {score.points.toLocaleString("en-US")} · AI {score.aiPoints.toLocaleString("en-US")}
        </span>{" "}
        <span className="text-muted">
          points: {isViewer ? "you" : who} {VERDICT[score.outcome]}.
        </span>
      </span>
    </p>
  );
}
