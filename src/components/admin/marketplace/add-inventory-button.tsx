"use client";

import { useRouter } from "next/navigation";
import { useModal } from "@/components/dialogs/modal-context";
import { Button, type ButtonVariant } from "@/components/ui/button";

/** "Add Inventory Codes": opens newInventory, then refreshes the stock counts on the page. */
export function AddInventoryButton({ itemID, variant = "primary" }: { itemID?: string; variant?: ButtonVariant }) {
  const { openModal } = useModal();
  const router = useRouter();
  return (
    <Button
      variant={variant}
      onClick={async () => {
        await openModal("newInventory", itemID ? { itemID } : {});
        router.refresh();
      }}
    >
      Add Inventory Codes
    </Button>
  );
}
