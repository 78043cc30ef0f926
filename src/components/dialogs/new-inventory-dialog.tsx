"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { isLowOnCodes } from "@/domain/marketplace";
import { useApiQuery } from "@/components/api/use-api-query";
import { Dialog } from "@/components/ui/dialog";
import { Field, inputClass, ItemOptions, Select, TextArea } from "@/components/admin/hub/admin-ui";
import { ZAddCodesAnswer, ZAdminItemOptionsAnswer } from "@/domain/schemas/marketplace";
import {
  NO_CODES_MESSAGE,
  SELECT_ITEM_MESSAGE,
  inventoryResultMessage,
  normalizeInventoryCodes,
  overlongInventoryCode,
} from "@/domain/marketplace";
import type { DialogComponentProps } from "./dialog-types";

interface NewInventoryProps {
  /** Preselects an item (e.g. from its edit page). */
  itemID?: string;
}

type Outcome = { kind: "success" | "error"; message: string; detail?: string };

/** Add inventory codes (docs/SCREENS.md §4.7): pick an item, paste codes one per line. Resolves with the codes added. */
export default function NewInventoryDialog({ props, close, setBusy }: DialogComponentProps<NewInventoryProps, { added: number }>) {
  const items = useApiQuery("/api/admin/items", { schema: ZAdminItemOptionsAnswer });
  const options = items.state.status === "ready" ? items.state.data.items : null;
  const [itemID, setItemID] = useState(props.itemID ?? "");
  const [codes, setCodes] = useState("");
  const [fieldError, setFieldError] = useState<{ field: "item" | "codes"; message: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [adding, setAdding] = useState(false);
  const codesRef = useRef<HTMLTextAreaElement>(null);
  const [addedTotal, setAddedTotal] = useState(0);
  const ids = { item: useId(), codes: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!itemID) return setFieldError({ field: "item", message: SELECT_ITEM_MESSAGE });
    if (normalizeInventoryCodes(codes).totalProvided === 0) {
      return setFieldError({ field: "codes", message: NO_CODES_MESSAGE });
    }
    setFieldError(null);
    setAdding(true);
    setBusy(true);
    try {
      const answer = await apiFetch(`/api/admin/items/${encodeURIComponent(itemID)}/codes`, {
        schema: ZAddCodesAnswer,
        body: { codes },
        fallback: "",
      });
      if (answer.ok) {
        const { added, totalProvided } = answer.data;
        setOutcome({ kind: "success", message: inventoryResultMessage(added, totalProvided) });
        setAddedTotal((total) => total + added);
        items.setData((answer) => ({
          ...answer,
          items: answer.items.map((option) => (option.itemID === itemID ? { ...option, codesLeft: option.codesLeft + added } : option)),
        }));
        setCodes("");
      } else if (answer.status === 400 && answer.error) {
        // The server's reason belongs to the codes (issue 24): shown at the box, with the offending code selected.
        setFieldError({ field: "codes", message: answer.error });
        const overlong = overlongInventoryCode(codes);
        if (overlong && codesRef.current) {
          codesRef.current.focus();
          codesRef.current.setSelectionRange(overlong.start, overlong.end);
        }
      } else if (answer.status === 0) {
        setOutcome({ kind: "error", message: "Error adding inventory" });
      } else {
        setOutcome({ kind: "error", message: "Failed to add inventory", detail: answer.error || undefined });
      }
    } catch {
      setOutcome({ kind: "error", message: "Error adding inventory" });
    } finally {
      setAdding(false);
      setBusy(false);
    }
  };

  const formId = `${ids.item}-form`;
  return (
    <Dialog
      title="Add Inventory Codes"
      size="lg"
      actions={
        <>
          <Button variant="secondary" disabled={adding} onClick={() => close({ added: addedTotal })}>
            Close
          </Button>
          <Button type="submit" form={formId} disabled={adding || options === null}>
            {adding ? "Adding…" : "Add Inventory"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field id={ids.item} label="Item" error={fieldError?.field === "item" ? fieldError.message : null}>
          <Select
            id={ids.item}
            value={itemID}
            onChange={(event) => setItemID(event.target.value)}
            aria-invalid={fieldError?.field === "item"}
            aria-describedby={fieldError?.field === "item" ? `${ids.item}-error` : undefined}
            disabled={options === null}
          >
            <option value="">
              {options === null ? (items.state.status === "error" ? "Could not load items" : "Loading items…") : "Select an item"}
            </option>
            <ItemOptions
              items={options ?? []}
              value={(option) => option.itemID}
              label={(option) => (
                <>
                  {option.itemName} ({option.codesLeft} left{isLowOnCodes(option) ? ", low on codes" : ""})
                </>
              )}
            />
          </Select>
        </Field>
        <Field id={ids.codes} label="Codes (one per line)" error={fieldError?.field === "codes" ? fieldError.message : null}>
          <TextArea
            ref={codesRef}
            id={ids.codes}
            value={codes}
            onChange={(event) => setCodes(event.target.value)}
            rows={8}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={fieldError?.field === "codes"}
            aria-describedby={fieldError?.field === "codes" ? `${ids.codes}-error` : undefined}
            className={`${inputClass} font-mono text-sm`}
          />
        </Field>
        <div aria-live="polite" className="min-h-6 text-sm font-semibold">
          {outcome ? (
            <div className={`flex items-start gap-2 ${outcome.kind === "success" ? "text-won" : "text-lost"}`}>
              {outcome.kind === "success" ? (
                <CheckCircle2 size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
              ) : (
                <AlertCircle size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
              )}
              <p>
                {outcome.message}
                {outcome.detail ? <span className="block font-normal">{outcome.detail}</span> : null}
              </p>
            </div>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
