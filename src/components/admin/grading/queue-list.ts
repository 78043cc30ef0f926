"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * What one request of the grading screens takes at most: 200 grades
 * (ZGradePropsRequest) or 200 packs of winners (ZSetPackWinnersRequest) in
 * src/domain/schemas/grading.ts, and 200 props on /admin/gradeProps
 * (src/app/admin/gradeProps/page.tsx). A queue paged with "Load more" can
 * hold a selection larger than that.
 */
export const AT_ONCE = 200;

/**
 * "Load more" for a grading queue's dialog (docs/decisions/024-season-scale.md):
 * once the next page is shown, focus moves to the first row it added (the
 * element marked `data-row-focus={index}` inside `container`), since the
 * button itself disappears after the last page and a keyboard or screen-reader
 * user would otherwise be left nowhere.
 */
export function useLoadMoreFocus(shown: number, loadMore: () => Promise<void>) {
  const container = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    firstNew.current = null;
    if (index !== null && shown > index) container.current?.querySelector<HTMLElement>(`[data-row-focus="${index}"]`)?.focus();
  }, [shown]);
  const onLoadMore = useCallback(() => {
    firstNew.current = shown;
    void loadMore();
  }, [shown, loadMore]);
  return { container, onLoadMore };
}
