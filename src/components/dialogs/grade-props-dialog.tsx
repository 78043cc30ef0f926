"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { SelectAllHeader } from "@/components/admin/hub/select-all-header";
import type { z } from "zod";
import { ZPropsToGradePage } from "@/domain/schemas/grading";
import { AT_ONCE } from "@/components/admin/grading/queue-list";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";
import { toggled } from "@/components/ui/selection";
import { QueueDialogBody, useQueueDialogList } from "./keyset-dialog-list";

const toPage = (answer: z.output<typeof ZPropsToGradePage>) => ({
  items: answer.props.map((prop) => ({ ...prop, id: prop.propId })),
  nextCursor: answer.nextCursor,
});

/**
 * gradeProps (docs/SCREENS.md §4.7): pick props ready to grade, then "Next" opens them on
 * /admin/gradeProps. 100 at a time with "Load more" (keyset cursor,
 * docs/decisions/024-season-scale.md); what is selected stays selected as pages are added.
 */
export default function GradePropsDialog({ close }: DialogComponentProps) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = useQueueDialogList("/api/admin/gradeProps", ZPropsToGradePage, "Failed to load props", toPage);

  const toggle = (id: string) => setSelected((current) => toggled(current, id));
  const all = list.rows ?? [];
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
      <QueueDialogBody list={list} empty="No props available to grade." noun={["prop", "props"]}>
        {(props) => (
          <DataTable
            label="Props to grade"
            columns={["Question", "Event", "Event Time"]}
            head={
              <SelectAllHeader
                label="Select all props shown"
                ids={all.map((prop) => prop.propId)}
                selected={selected}
                setSelected={setSelected}
              />
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
        )}
      </QueueDialogBody>
    </Dialog>
  );
}
