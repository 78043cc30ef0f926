/**
 * What a side button shows on the left, rendered by the server: the label and
 * the take sentence. The point value on the right is drawn by the deck
 * (pack-play.tsx), which knows the value a player's saved pick was locked at.
 */
export function SideFace({ short, take }: { short: string; take: string }) {
  return (
    <span>
      <span className="block font-bold">{short}</span>
      <span className="block text-sm text-muted group-aria-pressed:text-white/85">{take}</span>
    </span>
  );
}
