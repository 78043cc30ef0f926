import type { OpeningTexts } from "@/domain/schemas/packs";
import { formatAdminDateTime } from "@/domain/time";

/** What the admin is told after an opening: who was texted, or why nobody was; null when the change opened nothing. */
export function openingTextsNotice(answer: OpeningTexts): string | null {
  if (answer.textsSkipped) return `No text sent: ${answer.textsSkipped}.`;
  if (answer.textsScheduledFor) return `Subscribers are texted when it opens (${formatAdminDateTime(new Date(answer.textsScheduledFor))}).`;
  if (answer.textsQueued > 0)
    return `Texting ${answer.textsQueued.toLocaleString("en-US")} ${answer.textsQueued === 1 ? "player" : "players"}.`;
  return null;
}
