/**
 * The mark on the AI player's row and name (docs/decisions/069-rivals-and-the-ai-player.md): "AI" to
 * the eye, "AI player" to a screen reader. Server-rendered, no script.
 */
export function AiTag() {
  return (
    <span data-ai-tag className="shrink-0 rounded-full border border-line px-2 py-0.5 text-xs font-bold text-muted">
      <span aria-hidden="true">AI</span>
      <span className="sr-only">AI player</span>
    </span>
  );
}
