"use client";

import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { LiveGameSeed } from "@/domain/live";
import type { PendingTake } from "./provisional";

/** The live views, each loaded after the page: none of their code is in a page's first load. */
const VIEWS = {
  score: () => import("./live-score-view").then((m) => m.LiveScoreView as ComponentType<never>),
  take: () => import("./provisional").then((m) => m.ProvisionalTake as ComponentType<never>),
  pack: () => import("./provisional").then((m) => m.ProvisionalPackPoints as ComponentType<never>),
  board: () => import("./provisional").then((m) => m.ProvisionalBoardRank as ComponentType<never>),
};

export type LiveSlotProps =
  | { view: "score"; props: { seed: LiveGameSeed; before?: string } }
  | { view: "take"; props: { take: PendingTake; seed: LiveGameSeed } }
  | { view: "pack"; props: { takes: PendingTake[]; seeds: LiveGameSeed[]; settledPoints: number; packURL: string } }
  | { view: "board"; props: { seeds: LiveGameSeed[]; packURL: string; official: boolean } };

/**
 * Where a live view goes (docs/decisions/053-game-day-live.md): the server's rendering of the
 * moment (`children`) until the view's code has loaded, then the view, which follows the tab's
 * one live stream. `watch` false (a game long over, or days away) loads nothing.
 */
export function LiveSlot({ watch, children, ...slot }: LiveSlotProps & { watch: boolean; children?: ReactNode }) {
  const [View, setView] = useState<ComponentType<never> | null>(null);
  useEffect(() => {
    if (!watch) return;
    let mounted = true;
    VIEWS[slot.view]().then(
      (view) => mounted && setView(() => view),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [watch, slot.view]);
  if (!View) return <>{children}</>;
  const Loaded = View as ComponentType<typeof slot.props>;
  return <Loaded {...slot.props} />;
}
