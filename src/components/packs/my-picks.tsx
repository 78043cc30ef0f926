// What the pack deck asks the server after the first paint (loaded with pack-play-extras).
import type { ReactNode } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import type { SavedTake } from "@/domain/schemas/play";
import { DialogTrigger } from "./dialog-trigger";

/**
 * The signed-in player's current takes on a pack: the page itself is the same for
 * everyone until the pack closes (docs/decisions/025-shared-page-cache.md). Null
 * when they cannot be read; the deck then shows no saved picks, as for a visitor.
 */
export async function loadMyPicks(packURL: string): Promise<SavedTake[] | null> {
  const answer = await apiFetch(`/api/userTakes?packURL=${encodeURIComponent(packURL)}&limit=500`, {
    schema: () => import("@/domain/schemas/play").then((m) => m.VUserTakesAnswer),
  });
  return answer.ok ? answer.data.takes : null;
}

/** The server's clock minus the device's, from the Date header of a trivial answer (1 s precision). */
export async function measureSkew(): Promise<number> {
  const sent = Date.now();
  const response = await fetch("/api/ping", { cache: "no-store" });
  const received = Date.now();
  const date = Date.parse(response.headers.get("date") ?? "");
  if (!Number.isFinite(date)) return 0;
  // The header is truncated to the second: its middle is the best guess.
  return date + 500 - (sent + received) / 2;
}

/** The pack hero's own buttons (Share my Takes, View receipt, Remind me). */
export const PACK_ACTION_BUTTON =
  "inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-bold ring-1 ring-line hover:bg-surface";

/** The pack hero's "Share my Takes" and "View receipt", once the player has saved takes (docs/SCREENS.md §2.4). */
export function MyPackButtons({
  packURL,
  packTitle,
  handle,
  takes,
  icons,
}: {
  packURL: string;
  packTitle: string;
  handle: string;
  takes: string[];
  icons: Record<"share" | "receipt", ReactNode>;
}) {
  return (
    <>
      <DialogTrigger dialog="shareMyTakes" dialogProps={{ packURL, packTitle, handle, takes }} className={PACK_ACTION_BUTTON}>
        {icons.share} Share my Takes
      </DialogTrigger>
      <DialogTrigger dialog="receipt" dialogProps={{ packURL, profileID: handle }} className={PACK_ACTION_BUTTON}>
        {icons.receipt} View receipt
      </DialogTrigger>
    </>
  );
}
