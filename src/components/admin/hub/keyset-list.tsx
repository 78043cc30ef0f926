"use client";

import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";

export interface FetchedPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * An admin list read a page at a time from an API that pages by keyset cursor
 * (src/server/http/keyset.ts): `reload` starts again from the first page (the
 * filters changed), `loadMore` appends the next page, skipping any row already
 * shown. `fetchPage` answers null on failure.
 */
export function useKeysetList<T extends { id: string }>(
  fetchPage: (cursor: string | null) => Promise<FetchedPage<T> | null>,
  failure: string,
) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const page = await fetchPage(null);
    if (page) {
      setRows(page.items);
      setNextCursor(page.nextCursor);
      setError(null);
    } else {
      setError(failure);
      setRows((current) => current ?? []);
      setNextCursor(null);
    }
  }, [fetchPage, failure]);

  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    const page = await fetchPage(nextCursor);
    setLoadingMore(false);
    if (!page) return setError(failure);
    setRows((current) => {
      const shown = new Set((current ?? []).map((row) => row.id));
      return [...(current ?? []), ...page.items.filter((row) => !shown.has(row.id))];
    });
    setNextCursor(page.nextCursor);
    setError(null);
  }, [fetchPage, nextCursor, failure]);

  return { rows, setRows, nextCursor, loadingMore, error, setError, reload, loadMore };
}

/** "N things shown" and the "Load more" button under a paged admin list. */
export function LoadMoreFooter(props: {
  shown: number;
  noun: [string, string];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (props.shown === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <p className="text-sm text-muted" role="status">
        {props.shown.toLocaleString("en-US")} {props.shown === 1 ? props.noun[0] : props.noun[1]} shown
        {props.hasMore ? "" : " (all that match)"}
      </p>
      {props.hasMore ? (
        <Button variant="ghost" onClick={props.onLoadMore} disabled={props.loading}>
          {props.loading ? "Loading…" : `Load more ${props.noun[1]}`}
        </Button>
      ) : null}
    </div>
  );
}
