"use client";

import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { InlineError } from "./admin-ui";

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

/**
 * Loads an admin list again a moment (`delay` ms) after its filters last changed, that is after
 * `reload`, which closes over them, was last made anew: typing a search asks once, not per key.
 */
export function useReloadOnChange(reload: () => unknown, delay = 200) {
  useEffect(() => {
    const timer = setTimeout(() => void reload(), delay);
    return () => clearTimeout(timer);
  }, [reload, delay]);
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

/**
 * A paged admin list under its filters: the load's error, "Loading…" until the first page, the
 * empty text or the rows, then the footer. `quietOnError` leaves the empty text out after a failed
 * load, where the error already says why there is nothing.
 */
export function KeysetRows<T extends { id: string }>(props: {
  list: Pick<ReturnType<typeof useKeysetList<T>>, "rows" | "error" | "nextCursor" | "loadingMore" | "loadMore">;
  noun: [string, string];
  empty: string;
  loading?: string;
  quietOnError?: boolean;
  emptyClassName?: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { rows, error, nextCursor, loadingMore, loadMore } = props.list;
  return (
    <>
      <InlineError message={error} />
      {rows === null ? (
        <p role="status" className="text-muted">
          {props.loading ?? "Loading…"}
        </p>
      ) : rows.length === 0 ? (
        props.quietOnError && error ? null : (
          <p className={`${props.emptyClassName ?? "py-8"} text-center text-muted`}>{props.empty}</p>
        )
      ) : (
        props.children(rows)
      )}
      <LoadMoreFooter
        shown={rows?.length ?? 0}
        noun={props.noun}
        hasMore={!!nextCursor}
        loading={loadingMore}
        onLoadMore={() => void loadMore()}
      />
    </>
  );
}
