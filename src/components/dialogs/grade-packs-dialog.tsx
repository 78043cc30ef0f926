"use client";

import { useCallback, useEffect } from "react";
import Link from "@/components/ui/link";
import { AlertCircle, Loader2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { ZPacksToGradePage } from "@/domain/schemas/grading";
import { LoadMoreFooter, useKeysetList } from "@/components/admin/hub/keyset-list";
import { useLoadMoreFocus } from "@/components/admin/grading/queue-list";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

const FAILURE = "Failed to load packs";

/**
 * gradePacks (docs/SCREENS.md §4.7): packs whose games are over, each with a "Grade" link; 50 at a
 * time with "Load more" (keyset cursor, docs/decisions/024-season-scale.md).
 */
export default function GradePacksDialog({ close }: DialogComponentProps) {
  const fetchPage = useCallback(async (cursor: string | null) => {
    const answer = await apiFetch(`/api/admin/gradePacks${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`, {
      schema: ZPacksToGradePage,
      fallback: FAILURE,
    });
    return answer.ok ? { items: answer.data.packs, nextCursor: answer.data.nextCursor } : null;
  }, []);
  const { rows: packs, nextCursor, loadingMore, error, reload, loadMore } = useKeysetList(fetchPage, FAILURE);
  useEffect(() => {
    void reload();
  }, [reload]);
  const { container, onLoadMore } = useLoadMoreFocus(packs?.length ?? 0, loadMore);

  return (
    <Dialog
      title="Packs to Grade"
      size="lg"
      actions={
        <Button variant="secondary" onClick={() => close()}>
          Close
        </Button>
      }
    >
      {packs === null ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : packs.length === 0 && error ? (
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          {FAILURE}
        </p>
      ) : packs.length === 0 ? (
        <p className="py-6 text-center text-muted">No packs available to grade.</p>
      ) : (
        <div ref={container} className="grid gap-3">
          <ul className="divide-y divide-line">
            {packs.map((pack, index) => (
              <li
                key={pack.id}
                data-row-focus={index}
                tabIndex={-1}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg py-3 outline-none focus-visible:ring-2 focus-visible:ring-accent"
              >
                <div>
                  <p className="font-bold">{pack.title}</p>
                  <p className="text-sm text-muted">Event Time: {pack.eventTime ? formatDateTime(new Date(pack.eventTime)) : "—"}</p>
                </div>
                <Link href={`/admin/grade/${pack.packURL}`} onClick={() => close()} className={buttonClass("primary", "!bg-won")}>
                  Grade
                </Link>
              </li>
            ))}
          </ul>
          {error ? (
            <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-lost">
              <AlertCircle size={16} aria-hidden="true" />
              {error}
            </p>
          ) : null}
          <LoadMoreFooter
            shown={packs.length}
            noun={["pack", "packs"]}
            hasMore={!!nextCursor}
            loading={loadingMore}
            onLoadMore={onLoadMore}
          />
        </div>
      )}
    </Dialog>
  );
}
