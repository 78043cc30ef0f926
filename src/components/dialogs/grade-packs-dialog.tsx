"use client";

import { useEffect, useState } from "react";
import Link from "@/components/ui/link";
import { AlertCircle, Loader2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

interface PackToGrade {
  packURL: string;
  title: string;
  eventTime: string | null;
}

/** gradePacks (screens.md §4.7): packs whose games are over, each with a "Grade" link. */
export default function GradePacksDialog({ close }: DialogComponentProps) {
  const [packs, setPacks] = useState<PackToGrade[] | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetch("/api/admin/gradePacks", { cache: "no-store" })
      .then(async (response) => {
        const body = (await response.json()) as { success: boolean; packs: PackToGrade[] };
        if (live) setPacks(response.ok && body.success ? body.packs : null);
      })
      .catch(() => live && setPacks(null));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Dialog title="Packs to Grade" size="lg" actions={<Button variant="secondary" onClick={() => close()}>Close</Button>}>
      {packs === undefined ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : packs === null ? (
        <p role="alert" className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          Failed to load packs
        </p>
      ) : packs.length === 0 ? (
        <p className="py-6 text-center text-muted">No packs available to grade.</p>
      ) : (
        <ul className="divide-y divide-line">
          {packs.map((pack) => (
            <li key={pack.packURL} className="flex flex-wrap items-center justify-between gap-2 py-3">
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
    </Dialog>
  );
}
