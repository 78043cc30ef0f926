"use client";

import { useCallback, useEffect, type ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { LoadState, type ApiQueryState } from "@/components/api/use-api-query";
import { LoadMoreFooter, useKeysetList, type FetchedPage } from "@/components/admin/hub/keyset-list";
import { useLoadMoreFocus } from "@/components/admin/grading/queue-list";
import type { SchemaOutput, StandardSchema } from "@/domain/schemas/standard";

/**
 * The commissioner's queue dialogs (gradePacks, gradeProps, getPackWinners; docs/SCREENS.md §4.7):
 * one list read a page at a time by keyset cursor (docs/decisions/024-season-scale.md) from `path`,
 * its first page on open, and the focus moved to the first new row on "Load more". `toPage` turns
 * the endpoint's answer into rows keyed by id; it is defined once per dialog, outside the component.
 */
export function useQueueDialogList<S extends StandardSchema, T extends { id: string }>(
  path: string,
  schema: S,
  failure: string,
  toPage: (answer: SchemaOutput<S>) => FetchedPage<T>,
) {
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const answer = await apiFetch(`${path}${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`, { schema, fallback: failure });
      return answer.ok ? toPage(answer.data) : null;
    },
    [path, schema, failure, toPage],
  );
  const list = useKeysetList(fetchPage, failure);
  const { reload, loadMore } = list;
  useEffect(() => {
    void reload();
  }, [reload]);
  const { container, onLoadMore } = useLoadMoreFocus(list.rows?.length ?? 0, loadMore);
  return { ...list, failure, container, onLoadMore };
}

/**
 * The body of a queue dialog: "Loading…" until the first page, the failure alone when nothing
 * could be read, `empty` when the queue is empty, else the rows with the latest paging error
 * under them and the "Load more" footer.
 */
export function QueueDialogBody<T extends { id: string }>({
  list,
  empty,
  noun,
  children,
}: {
  list: ReturnType<typeof useQueueDialogList<StandardSchema, T>>;
  empty: string;
  noun: [string, string];
  children: (rows: T[]) => ReactNode;
}) {
  const { rows, error, failure } = list;
  const state: ApiQueryState<T[]> =
    rows === null
      ? { status: "loading" }
      : rows.length === 0 && error
        ? { status: "error", error: failure, httpStatus: 0 }
        : { status: "ready", data: rows };
  return (
    <LoadState state={state} isEmpty={(shown) => shown.length === 0} empty={empty}>
      {(shown) => (
        <div ref={list.container} className="grid gap-3">
          {children(shown)}
          {error ? (
            <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-lost">
              <AlertCircle size={16} aria-hidden="true" />
              {error}
            </p>
          ) : null}
          <LoadMoreFooter
            shown={shown.length}
            noun={noun}
            hasMore={!!list.nextCursor}
            loading={list.loadingMore}
            onLoadMore={list.onLoadMore}
          />
        </div>
      )}
    </LoadState>
  );
}
