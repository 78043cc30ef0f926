"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/** points (docs/SCREENS.md §4.2), opened from the owner's "Points" tile. */
export default function PointsDialog({ props, close }: DialogComponentProps<{ points: number }>) {
  return (
    <Dialog
      title="Your Points"
      description={`You currently have ${Number(props.points ?? 0).toLocaleString("en-US")} points.`}
      actions={
        <Button data-autofocus onClick={() => close()}>
          Close
        </Button>
      }
    />
  );
}
