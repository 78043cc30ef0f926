"use client";

import type { ButtonVariant } from "@/components/ui/button";
import { DialogButton } from "@/components/admin/hub/dialog-button";

/** "Add Inventory Codes": opens newInventory, then refreshes the stock counts on the page. */
export function AddInventoryButton({ itemID, variant = "primary" }: { itemID?: string; variant?: ButtonVariant }) {
  return (
    <DialogButton type="newInventory" props={itemID ? { itemID } : {}} variant={variant}>
      Add Inventory Codes
    </DialogButton>
  );
}
