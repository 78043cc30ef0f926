"use client";

import { ZClosePropsAnswer } from "@/domain/schemas/grading";
import { countOf } from "@/domain/plural";
import { AdminActionButton } from "./admin-action-button";

/** "Close Props": closes every open prop whose close time has passed and says how many. */
export function ClosePropsButton() {
  return (
    <AdminActionButton
      url="/api/admin/props/close"
      schema={ZClosePropsAnswer}
      label="Close Props"
      busyLabel="Closing..."
      describe={(answer) => `Closed ${countOf(answer.closed, "prop")}.`}
    />
  );
}
