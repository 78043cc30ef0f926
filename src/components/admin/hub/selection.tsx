"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { toggled } from "./toggled";

/**
 * The rows an admin list has checked for a bulk action (the packs and props lists, docs/SCREENS.md
 * §3.5–3.6): the ids, a row's check box turning its id in or out, and clearing them all.
 */
export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return {
    selected,
    toggle: (id: string) => setSelected((current) => toggled(current, id)),
    clear: () => setSelected(new Set()),
  };
}

/** A row's check box in a list with bulk actions, named after the row for a screen reader. */
export function SelectBox({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: () => void }) {
  return <input type="checkbox" className="h-5 w-5" aria-label={label} checked={checked} onChange={onToggle} />;
}

/**
 * "Move close…" for the selected packs or props (docs/decisions/063-bulk-tools.md): the dialog
 * previews and confirms; once it moved some, a toast counts them and `onMoved` reloads the list.
 */
export function MoveCloseButton({
  target,
  ids,
  label,
  onMoved,
}: {
  target: "packs" | "props";
  ids: string[];
  label: string;
  onMoved: () => void;
}) {
  const { openModal } = useModal();
  const { showToast } = useToast();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        const moved = await openModal("bulkMoveClose", { target, ids });
        if (!moved) return;
        showToast(
          `Moved ${moved.moved} ${moved.moved === 1 ? "close" : "closes"}${moved.skipped ? `; ${moved.skipped} left as they were` : ""}.`,
        );
        onMoved();
      }}
    >
      {label} ({ids.length})
    </Button>
  );
}
