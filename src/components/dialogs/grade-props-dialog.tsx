"use client";

import { useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { AlertCircle, ExternalLink, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

interface PropToGrade {
  propId: string;
  question: string;
  eventTitle: string | null;
  eventTime: string | null;
  boxScoreUrl: string | null;
}

/** gradeProps (screens.md §4.7): pick props ready to grade, then "Next" opens them on /admin/gradeProps. */
export default function GradePropsDialog({ close }: DialogComponentProps) {
  const router = useRouter();
  const selectAllId = useId();
  const [props, setProps] = useState<PropToGrade[] | null | undefined>(undefined);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => {
    let live = true;
    fetch("/api/admin/gradeProps", { cache: "no-store" })
      .then(async (response) => {
        const body = (await response.json()) as { success: boolean; props: PropToGrade[] };
        if (live) setProps(response.ok && body.success ? body.props : null);
      })
      .catch(() => live && setProps(null));
    return () => {
      live = false;
    };
  }, []);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = props ?? [];
  const allSelected = all.length > 0 && all.every((prop) => selected.has(prop.propId));

  return (
    <Dialog
      title="Props to Grade"
      size="xl"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          <Button
            disabled={selected.size === 0}
            onClick={() => {
              const ids = all.filter((prop) => selected.has(prop.propId)).map((prop) => prop.propId);
              close();
              router.push(`/admin/gradeProps?ids=${ids.join(",")}`);
            }}
          >
            Next
          </Button>
        </>
      }
    >
      {props === undefined ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : props === null ? (
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          Failed to load props
        </p>
      ) : props.length === 0 ? (
        <p className="py-6 text-center text-muted">No props available to grade.</p>
      ) : (
        <div role="region" aria-label="Props to grade" tabIndex={0} className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-surface text-xs font-bold uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="w-10 py-2">
                  <input
                    id={selectAllId}
                    type="checkbox"
                    aria-label="Select all props"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(all.map((prop) => prop.propId)))}
                    className="h-5 w-5"
                  />
                </th>
                <th scope="col" className="py-2 pr-2">Question</th>
                <th scope="col" className="px-2 py-2">Event</th>
                <th scope="col" className="px-2 py-2">Event Time</th>
              </tr>
            </thead>
            <tbody>
              {props.map((prop) => (
                <tr key={prop.propId} className="border-t border-line">
                  <td className="py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select: ${prop.question}`}
                      checked={selected.has(prop.propId)}
                      onChange={() => toggle(prop.propId)}
                      className="h-5 w-5"
                    />
                  </td>
                  <td className="py-2 pr-2 font-semibold">{prop.question}</td>
                  <td className="px-2 py-2">
                    {prop.boxScoreUrl ? (
                      <a href={prop.boxScoreUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-accent hover:underline">
                        {prop.eventTitle}
                        <ExternalLink size={12} aria-hidden="true" />
                        <span className="sr-only">(box score, opens in a new tab)</span>
                      </a>
                    ) : (
                      (prop.eventTitle ?? "—")
                    )}
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">{prop.eventTime ? formatDateTime(new Date(prop.eventTime)) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
