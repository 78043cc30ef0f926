"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { worthWatching, type LiveGame, type LiveGameSeed } from "@/domain/live";

export type { LiveGameSeed };

export interface LiveView extends LiveGameSeed {
  /** When this tab last heard the game's reading is current (epoch ms), from the game or its league's poll. */
  freshAt: number | null;
}

const viewOf = (seed: LiveGameSeed, game: LiveGame | undefined, leagueReadAt: number | undefined): LiveView => {
  const merged = game && game.version >= seed.version ? { ...seed, ...game } : seed;
  const readAt = merged.readAt ? Date.parse(merged.readAt) : null;
  const freshAt = Math.max(readAt ?? 0, leagueReadAt ?? 0) || null;
  return { ...merged, freshAt };
};

/**
 * The live reading of each game, starting from what the server rendered and following the tab's
 * one stream (./live-store.ts, loaded after the page). When a game ends, the page is rendered
 * again by the server once, so grades show without a reload.
 */
export function useLiveGames(seeds: LiveGameSeed[]): LiveView[] {
  const router = useRouter();
  const [views, setViews] = useState(() => seeds.map((seed) => viewOf(seed, undefined, undefined)));
  const key = seeds.map((s) => `${s.eventId}:${s.version}`).join(",");
  useEffect(() => {
    setViews(seeds.map((seed) => viewOf(seed, undefined, undefined)));
    const watched = seeds.filter((seed) => worthWatching(seed, Date.now()));
    if (!watched.length) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./live-store").then((store) => {
      if (cancelled) return;
      const update = () => setViews(seeds.map((seed) => viewOf(seed, store.liveGame(seed.eventId), store.leagueReadAt(seed.league))));
      stop = store.watch(watched, update, () => router.refresh());
      update();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the seeds are compared by key
  }, [key]);
  return views;
}

/** "3 min ago" for a reading older than a minute: the clock of the reading, never of this device's zone. */
export function ageWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

/** A clock that ticks every 15 s while mounted: "as of" appears when a reading grows old without news. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
