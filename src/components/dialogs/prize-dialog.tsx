"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

interface PrizeProps {
  prize?: { title: string; imageUrl?: string | null; points?: number | null } | null;
}

/** "Available Prize": the pack's prize title, image and points required, or "No Prize Found". */
export default function PrizeDialog({ props, close }: DialogComponentProps<PrizeProps>) {
  const prize = props.prize;
  return (
    <Dialog title="Available Prize" actions={<Button onClick={() => close()}>Close</Button>}>
      {prize ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <p className="text-lg font-extrabold">{prize.title}</p>
          {prize.imageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- prize pictures are admin-entered URLs on any host
            <img src={prize.imageUrl} alt={prize.title} className="max-h-48 rounded-xl object-contain" />
          ) : null}
          {prize.points ? <p className="text-muted">Requires {prize.points.toLocaleString("en-US")} points to redeem.</p> : null}
        </div>
      ) : (
        <p className="text-center text-muted">No Prize Found</p>
      )}
    </Dialog>
  );
}
