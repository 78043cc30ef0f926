"use client";

import { useApiQuery } from "@/components/api/use-api-query";
import { AWARD_MESSAGES, awardPreviewPath } from "@/domain/awards";
import { ZAwardPreview, type AwardPreview } from "@/domain/schemas/awards";

/**
 * A promo card's preview for the dialogs a card opens (claim, follow; docs/SCREENS.md §4.3): the one
 * the opener passed, or read by its code. A code the server does not know (404, or 400 for a
 * malformed one) reads as an invalid code; any other failure as a failed load. `givenError` is the
 * opener's own failure to read it, shown as it is.
 */
export function useAwardPreview(code: string, given?: AwardPreview | null, givenError?: string) {
  const read = useApiQuery(given || givenError ? null : awardPreviewPath(code), { schema: ZAwardPreview });
  const preview = given ?? (read.state.status === "ready" ? read.state.data : null);
  const loadError =
    givenError ??
    (read.state.status !== "error"
      ? null
      : read.state.httpStatus === 404 || read.state.httpStatus === 400
        ? AWARD_MESSAGES.invalidCode
        : AWARD_MESSAGES.loadFailed);
  return { preview, loadError };
}
