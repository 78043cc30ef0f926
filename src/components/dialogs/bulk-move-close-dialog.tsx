"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, Input, Select } from "@/components/admin/hub/admin-ui";
import { fromNyDateTimeInput } from "@/domain/ny-datetime-input";
import { formatAdminDateTime } from "@/domain/time";
import { ZBulkMoveAnswer, type BulkMoveAnswer, type BulkMoveMode } from "@/domain/schemas/bulk-tools";
import type { DialogComponentProps } from "./dialog-types";

interface BulkMoveCloseProps {
  target: "props" | "packs";
  ids: string[];
}

/** What moved, for the opener's toast and reload. */
export interface BulkMoveCloseResult {
  moved: number;
  skipped: number;
}

const when = (iso: string | null) => (iso ? formatAdminDateTime(new Date(iso)) : "no close");
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * bulkMoveClose (docs/SCREENS.md §3.5–3.6, docs/decisions/063-bulk-tools.md): moves the close of
 * the selected props or packs — to one time, by ±minutes or hours, or each to its game's start.
 * Every change previews itself (a dry run: the counts and why any is left alone); the confirm
 * button names the count and makes the move in one transaction.
 */
export default function BulkMoveCloseDialog({ props, close, setBusy }: DialogComponentProps<BulkMoveCloseProps, BulkMoveCloseResult>) {
  const id = useId();
  const noun = props.target === "props" ? ["prop", "props"] : ["pack", "packs"];
  const [mode, setMode] = useState<BulkMoveMode>(props.target === "props" ? "gameStart" : "shift");
  const [at, setAt] = useState("");
  const [amount, setAmount] = useState("30");
  const [unit, setUnit] = useState<"minutes" | "hours">("minutes");
  const [direction, setDirection] = useState<"later" | "earlier">("later");
  const [preview, setPreview] = useState<BulkMoveAnswer | null>(null);
  const [state, setState] = useState<"idle" | "previewing" | "moving">("idle");
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const request = useCallback((): Record<string, unknown> | string => {
    if (mode === "set") {
      const closeTime = fromNyDateTimeInput(at);
      return closeTime ? { closeTime } : "Choose the new close time.";
    }
    if (mode === "shift") {
      const n = Number(amount);
      if (!Number.isInteger(n) || n <= 0) return "Shift by a whole number of minutes or hours.";
      return { shiftMinutes: (direction === "later" ? 1 : -1) * n * (unit === "hours" ? 60 : 1) };
    }
    return {};
  }, [mode, at, amount, unit, direction]);

  const send = useCallback(
    async (dryRun: boolean) => {
      const fields = request();
      if (typeof fields === "string") return { ok: false as const, error: fields };
      return apiFetch("/api/admin/bulk/close", {
        schema: ZBulkMoveAnswer,
        body: { target: props.target, ids: props.ids, mode, ...fields, dryRun },
        fallback: dryRun ? "Preview failed" : "Moving the closes failed",
      });
    },
    [request, props.target, props.ids, mode],
  );

  useEffect(() => {
    const call = ++latest.current;
    const timer = setTimeout(async () => {
      setState("previewing");
      const answer = await send(true);
      if (call !== latest.current) return;
      setState("idle");
      if (answer.ok) {
        setPreview(answer.data);
        setError(null);
      } else {
        setPreview(null);
        setError(answer.error);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [send]);

  const apply = async () => {
    if (!preview || preview.moved === 0 || state !== "idle") return;
    setState("moving");
    setBusy(true);
    const answer = await send(false);
    setBusy(false);
    setState("idle");
    if (!answer.ok) return setError(answer.error);
    close({ moved: answer.data.moved, skipped: answer.data.skipped });
  };

  const skipped = preview?.items.filter((item) => item.skip) ?? [];
  const moving = preview?.items.filter((item) => !item.skip && item.before !== item.after) ?? [];
  return (
    <Dialog
      title={`Move close of ${plural(props.ids.length, noun[0]!, noun[1]!)}`}
      size="lg"
      description="Nothing changes until you confirm. Graded ones, and closes that would already have passed, are left as they are."
      actions={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={state === "moving"}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!preview || preview.moved === 0 || state === "previewing"} aria-describedby={`${id}-summary`}>
            {state === "moving"
              ? "Moving…"
              : preview && preview.moved > 0
                ? `Move ${plural(preview.moved, "close", "closes")}`
                : "Nothing to move"}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold">New close</legend>
          {(
            [
              ["gameStart", props.target === "props" ? "Lock each prop at its game’s start" : "Close each pack at its last game’s start"],
              ["set", "Set one time"],
              ["shift", "Shift by minutes or hours"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-mode`} className="h-5 w-5" checked={mode === value} onChange={() => setMode(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === "set" ? (
          <Field id={`${id}-at`} label="Close at (New York time)">
            <Input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          </Field>
        ) : null}
        {mode === "shift" ? (
          <div className="grid grid-cols-3 gap-2">
            <Field id={`${id}-amount`} label="By">
              <Input
                id={`${id}-amount`}
                type="number"
                min={1}
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field>
            <Field id={`${id}-unit`} label="Unit">
              <Select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value === "hours" ? "hours" : "minutes")}>
                <option value="minutes">minutes</option>
                <option value="hours">hours</option>
              </Select>
            </Field>
            <Field id={`${id}-direction`} label="Direction">
              <Select
                id={`${id}-direction`}
                value={direction}
                onChange={(e) => setDirection(e.target.value === "earlier" ? "earlier" : "later")}
              >
                <option value="later">later</option>
                <option value="earlier">earlier</option>
              </Select>
            </Field>
          </div>
        ) : null}
        <InlineError message={error} />
        <p id={`${id}-summary`} role="status" className="text-sm" data-testid="bulk-move-summary">
          {state === "previewing"
            ? "Working out the new closes…"
            : preview
              ? `${plural(preview.moved, "close moves", "closes move")}; ${preview.unchanged} already there; ${preview.skipped} left as they are.`
              : null}
        </p>
        {moving.length ? (
          <section>
            <h3 className="text-sm font-bold">Moving</h3>
            <ul className="mt-1 grid gap-1 text-sm" aria-label="Closes that move">
              {moving.slice(0, 50).map((item) => (
                <li key={item.id}>
                  <span className="font-semibold">{item.title}</span>: {when(item.before)} → {when(item.after)}
                </li>
              ))}
            </ul>
            {moving.length > 50 ? <p className="text-sm text-muted">and {moving.length - 50} more</p> : null}
          </section>
        ) : null}
        {skipped.length ? (
          <section>
            <h3 className="text-sm font-bold">Left as they are</h3>
            <ul className="mt-1 grid gap-1 text-sm" aria-label="Left as they are">
              {skipped.slice(0, 50).map((item) => (
                <li key={item.id}>
                  <span className="font-semibold">{item.title}</span>: {item.skip}
                </li>
              ))}
            </ul>
            {skipped.length > 50 ? <p className="text-sm text-muted">and {skipped.length - 50} more</p> : null}
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
