"use client";

import { useId, type FormEvent, type InputHTMLAttributes } from "react";
import { Button } from "@/components/ui/button";

/**
 * The one username form of "Change username" and "Choose a Username" (docs/SCREENS.md §4): the
 * refusal above the field (role="alert", tied to the field by aria-describedby), the field, and the
 * dialog's way out beside "Save". Each dialog keeps its own texts, checks and what saving does.
 */
export function UsernameForm(props: {
  label: string;
  username: string;
  onUsernameChange: (username: string) => void;
  error: string | null;
  saving: boolean;
  savingLabel: string;
  onSubmit: (event: FormEvent) => void;
  cancelLabel: string;
  onCancel: () => void;
  /** What differs per dialog: the placeholder, a length cap, selecting the proposed handle on focus. */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { "data-autofocus"?: boolean };
}) {
  const ids = useId();
  return (
    <form onSubmit={props.onSubmit} noValidate>
      {props.error ? (
        <p id={`${ids}-error`} role="alert" className="mb-3 rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost">
          {props.error}
        </p>
      ) : null}
      <label htmlFor={`${ids}-username`} className="block font-semibold">
        {props.label}
      </label>
      <input
        {...props.inputProps}
        id={`${ids}-username`}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={props.username}
        onChange={(event) => props.onUsernameChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${ids}-error` : undefined}
        className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink placeholder:text-muted aria-[invalid=true]:border-lost"
      />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={props.saving} onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button type="submit" disabled={props.saving}>
          {props.saving ? props.savingLabel : "Save"}
        </Button>
      </div>
    </form>
  );
}
