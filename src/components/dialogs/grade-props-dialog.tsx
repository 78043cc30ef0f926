"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { AlertCircle, ExternalLink, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { DataTable, tdClass, thClass } from "@/components/admin/hub/admin-ui";
import { ZPropsToGradePage } from "@/domain/schemas/grading";
import { LoadMoreFooter, useKeysetList } from "@/components/admin/hub/keyset-list";
import { AT_ONCE, useLoadMoreFocus } from "@/components/admin/grading/queue-list";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

const FAILURE = "Failed to load props";

/**
 * gradeProps (docs/SCREENS.md §4.7): pick props ready to grade, then "Next" opens them on
 * /admin/gradeProps. 100 at a time with "Load more" (keyset cursor,
 * docs/decisions/024-season-scale.md); what is selected stays selected as pages are added.
 */
export default function GradePropsDialog({ close }: DialogComponentProps) {
  const router = useRouter();
  const selectAllId = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const fetchPage = useCallback(async (cursor: string | null) => {
    const answer = await apiFetch(`/api/admin/gradeProps${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`, {
      schema: ZPropsToGradePage,
      fallback: FAILURE,
    });
    return answer.ok
      ? { items: answer.data.props.map((prop) => ({ ...prop, id: prop.propId })), nextCursor: answer.data.nextCursor }
      : null;
  }, []);
  const { rows: props, nextCursor, loadingMore, error, reload, loadMore } = useKeysetList(fetchPage, FAILURE);
  useEffect(() => {
    void reload();
  }, [reload]);
  const { container, onLoadMore } = useLoadMoreFocus(props?.length ?? 0, loadMore);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = props ?? [];
  const allSelected = all.length > 0 && all.every((prop) => selected.has(prop.propId));
  // In the list's order; the grader opens AT_ONCE props at a time.
  const chosen = all.filter((prop) => selected.has(prop.propId)).map((prop) => prop.propId);

  return (
    <Dialog
      title="Props to Grade"
      size="xl"
      actions={
        <>
          <p role="status" className="mr-auto self-center text-sm text-muted">
            {chosen.length > AT_ONCE ? `${chosen.length} selected: Next opens the first ${AT_ONCE}.` : ""}
          </p>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              close();
              router.push(`/admin/gradeProps?ids=${chosen.slice(0, AT_ONCE).join(",")}`);
            }}
          >
            Next
          </Button>
        </>
      }
    >
      {props === null ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : props.length === 0 && error ? (
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          {FAILURE}
        </p>
      ) : props.length === 0 ? (
        <p className="py-6 text-center text-muted">No props available to grade.</p>
      ) : (
        <div ref={container} className="grid gap-3">
          <DataTable
            label="Props to grade"
            columns={["Question", "Event", "Event Time"]}
            head={
              <th scope="col" className={`${thClass} w-10`}>
                <input
                  id={selectAllId}
                  type="checkbox"
                  aria-label="Select all props shown"
                  checked={allSelected}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const prop of all) {
                        if (allSelected) next.delete(prop.propId);
                        else next.add(prop.propId);
                      }
                      return next;
                    })
                  }
                  className="h-5 w-5"
                />
              </th>
            }
          >
            {props.map((prop, index) => (
              <tr key={prop.propId}>
                <td className={tdClass}>
                  <input
                    type="checkbox"
                    aria-label={`Select: ${prop.question}`}
                    data-row-focus={index}
                    checked={selected.has(prop.propId)}
                    onChange={() => toggle(prop.propId)}
                    className="h-5 w-5"
                  />
                </td>
                <td className={`${tdClass} font-semibold`}>{prop.question}</td>
                <td className={tdClass}>
                  {prop.boxScoreUrl ? (
                    <a
                      href={prop.boxScoreUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-accent hover:underline"
                    >
                      {prop.eventTitle}
                      <ExternalLink size={12} aria-hidden="true" />
                      <span className="sr-only">(box score, opens in a new tab)</span>
                    </a>
                  ) : (
                    (prop.eventTitle ?? "—")
                  )}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{prop.eventTime ? formatDateTime(new Date(prop.eventTime)) : "—"}</td>
              </tr>
            ))}
          </DataTable>
          {error ? (
            <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-lost">
              <AlertCircle size={16} aria-hidden="true" />
              {error}
            </p>
          ) : null}
          <LoadMoreFooter
            shown={props.length}
            noun={["prop", "props"]}
            hasMore={!!nextCursor}
            loading={loadingMore}
            onLoadMore={onLoadMore}
          />
        </div>
      )}
    </Dialog>
  );
}
