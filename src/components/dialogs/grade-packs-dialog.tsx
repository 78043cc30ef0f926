"use client";

import Link from "@/components/ui/link";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { z } from "zod";
import { ZPacksToGradePage } from "@/domain/schemas/grading";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";
import { QueueDialogBody, useQueueDialogList } from "./keyset-dialog-list";

const toPage = (answer: z.output<typeof ZPacksToGradePage>) => ({ items: answer.packs, nextCursor: answer.nextCursor });

/**
 * gradePacks (docs/SCREENS.md §4.7): packs whose games are over, each with a "Grade" link; 50 at a
 * time with "Load more" (keyset cursor, docs/decisions/024-season-scale.md).
 */
export default function GradePacksDialog({ close }: DialogComponentProps) {
  const list = useQueueDialogList("/api/admin/gradePacks", ZPacksToGradePage, "Failed to load packs", toPage);

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
      <QueueDialogBody list={list} empty="No packs available to grade." noun={["pack", "packs"]}>
        {(packs) => (
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
        )}
      </QueueDialogBody>
    </Dialog>
  );
}
