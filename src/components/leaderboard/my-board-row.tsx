"use client";

import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useSession } from "@/components/shell/session";
import { apiFetch } from "@/components/api/api-fetch";
import { MY_ROW_CLASSES, MY_ROW_SLOT, Row, YOU_TAG_CLASS, type LeaderboardTableRow } from "./leaderboard-table";

/**
 * The signed-in viewer's place on a leaderboard page that is the same for
 * everyone (docs/decisions/025-shared-page-cache.md): their row, when it is on
 * this page, turns bold with a "You" tag; otherwise it is pinned under the
 * table, as a page rendered for them shows it (docs/SCREENS.md §2.8). `query` is the
 * board's /api/leaderboard query, which answers the viewer's row as `me`.
 */
export function MyBoardRow({ query }: { query: string }) {
  const { status, data } = useSession();
  const player = status === "authenticated" ? (data?.user.id ?? null) : null;
  const [me, setMe] = useState<LeaderboardTableRow | null>(null);
  const [place, setPlace] = useState<{ row: HTMLTableRowElement | null; slot: HTMLElement | null } | null>(null);

  useEffect(() => {
    setMe(null);
    if (!player) return;
    let cancelled = false;
    void apiFetch(`/api/leaderboard?${query}`, { schema: () => import("@/domain/schemas/play").then((m) => m.VMyBoardRowAnswer) }).then(
      (answer) => {
        if (!cancelled && answer.ok) setMe(answer.data.me);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [player, query]);

  useEffect(() => {
    if (!me) return setPlace(null);
    const row = document.querySelector<HTMLTableRowElement>(`tr[data-handle="${CSS.escape(me.handle)}"]`);
    if (row) row.classList.add(...MY_ROW_CLASSES);
    setPlace({ row, slot: document.getElementById(MY_ROW_SLOT) });
    return () => row?.classList.remove(...MY_ROW_CLASSES);
  }, [me]);

  if (!me || !place) return null;
  if (place.row) {
    const name = place.row.cells[1]?.firstElementChild;
    return name ? createPortal(<span className={YOU_TAG_CLASS}>You</span>, name) : null;
  }
  return place.slot ? createPortal(<Row row={{ ...me, isMe: true }} />, place.slot) : null;
}
