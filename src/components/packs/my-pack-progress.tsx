"use client";

import { useEffect, useSyncExternalStore } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useSession } from "@/components/shell/session";

/**
 * The signed-in player's progress on the packs a feed shows ("3 of 8 props
 * completed"), fetched by the browser: the cards themselves are rendered once
 * for everyone and served from the shared page cache
 * (docs/decisions/025-shared-page-cache.md). One request per page, however many
 * cards; the cards read it from this store.
 */
type Progress = Record<string, number>;

/** Pack ids per request: /api/packProgress takes at most 100. */
const BATCH = 100;

let progress: Progress | null = null;
const listeners = new Set<() => void>();

function publish(next: Progress | null) {
  progress = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Props taken per pack id for the signed-in player (0 for a pack asked about and untouched); null until known, and always for visitors. */
export function useMyPackProgress(): Progress | null {
  return useSyncExternalStore(
    subscribe,
    () => progress,
    () => null,
  );
}

/** Every pack asked about gets an answer, 0 when untouched: "known to be 0" differs from "not loaded yet". */
async function fetchProgress(packIds: string[]): Promise<Progress> {
  const found: Progress = Object.fromEntries(packIds.map((id) => [id, 0]));
  for (let i = 0; i < packIds.length; i += BATCH) {
    const answer = await apiFetch(`/api/packProgress?ids=${packIds.slice(i, i + BATCH)}`, {
      schema: () => import("@/domain/schemas/play").then((m) => m.VPackProgressAnswer),
    });
    if (!answer.ok) throw new Error(answer.error);
    Object.assign(found, answer.data.progress);
  }
  return found;
}

/** Loads the player's progress on `packIds` once the session is known, and again when the player changes. */
export function MyPackProgressLoader({ packIds }: { packIds: string[] }) {
  const { status, data } = useSession();
  const key = packIds.join(",");
  const player = data?.user.id ?? null;
  useEffect(() => {
    if (status === "unauthenticated") publish(null);
    if (status !== "authenticated" || !key) return;
    let cancelled = false;
    fetchProgress(key.split(","))
      .then((found) => {
        // Cards of another page keep what they had: the store holds every pack asked about so far.
        if (!cancelled) publish({ ...progress, ...found });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [status, key, player]);
  return null;
}

/** A card's prop count, or the player's progress on it once they have taken any. */
export function PackProgress({ packId, propsCount }: { packId: string; propsCount: number }) {
  const taken = useMyPackProgress()?.[packId] ?? 0;
  if (!taken) return <>{`${propsCount} ${propsCount === 1 ? "Prop" : "Props"}`}</>;
  return (
    <>
      <span className="text-accent">{taken}</span> of {propsCount} props completed
    </>
  );
}

/** A card's way in: "View my picks" once the player has picked every prop, else "Play this pack" (issue 39). */
export function PlayPackLabel({ packId, propsCount }: { packId: string; propsCount: number }) {
  const taken = useMyPackProgress()?.[packId] ?? 0;
  return <>{propsCount > 0 && taken >= propsCount ? "View my picks" : "Play this pack"}</>;
}
