"use client";

import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { ZPropDeletedAnswer } from "@/domain/schemas/props";

/**
 * Deletes a prop for good once the admin confirms it, from the props list or a pack's props
 * (docs/SCREENS.md §3.5, §3.6): answers whether it was deleted; a refusal is toasted.
 */
export function useDeleteProp() {
  const { openModal } = useModal();
  const { showToast } = useToast();
  return async (prop: { propID: string; propShort: string }) => {
    const confirmed = await openModal("confirm", {
      title: "Delete prop?",
      message: `Are you sure you want to permanently delete "${prop.propShort}"? This action cannot be undone.`,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!confirmed) return false;
    const answer = await apiFetch(`/api/admin/props/${prop.propID}`, { schema: ZPropDeletedAnswer, method: "DELETE" });
    if (!answer.ok) showToast(answer.error, "error");
    return answer.ok;
  };
}
