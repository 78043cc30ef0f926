import { PartyPopper } from "lucide-react";

/** Eight pieces of confetti; where each flies and its colour are in globals.css (`.celebrate-burst i:nth-child`). */
const PIECES = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * A big moment (pack submitted, prop won, badge earned; issue 42 item 6): the words in a live region
 * (role=status), so a screen reader hears them, with a CSS-only burst that stands still under
 * prefers-reduced-motion (globals.css `.celebrate`). No script: it renders on the server or inside a
 * dialog already loaded (docs/decisions/068-streaks-badges-recaps.md).
 */
export function Celebration({ title, detail, testId }: { title: string; detail?: string; testId?: string }) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="celebrate flex items-center gap-3 rounded-2xl border border-won bg-won-tint px-4 py-3 text-ink"
    >
      <span aria-hidden="true" className="celebrate-burst">
        {PIECES.map((piece) => (
          <i key={piece} />
        ))}
      </span>
      <PartyPopper aria-hidden="true" size={28} className="shrink-0 text-won" />
      <p>
        <strong className="block text-lg font-extrabold">{title}</strong>
        {detail ? <span className="text-sm">{detail}</span> : null}
      </p>
    </div>
  );
}
