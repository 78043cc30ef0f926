"use client";

import { AlertLine } from "@/components/ui/alert-line";
import { useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { saveUsername, type SaveUsernameResult } from "@/components/auth/save-username";
import { Button } from "@/components/ui/button";

/**
 * The state of a username form: the field, the refusal shown, and `save`, which shows `problem`
 * (a check made before asking the server) or saves `proposed`. Saving marks the dialog busy; a
 * refused save ends that at once, a saved one ends it unless `stay` (the dialog is leaving).
 */
export function useUsernameForm(initial: string, setBusy: (busy: boolean) => void) {
  const [username, setUsername] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (proposed: string, problem: string | null, stay = false): Promise<SaveUsernameResult | null> => {
    if (problem) {
      setError(problem);
      return null;
    }
    setSaving(true);
    setBusy(true);
    setError(null);
    const result = await saveUsername(proposed);
    if (!result.saved || !stay) {
      setSaving(false);
      setBusy(false);
    }
    return result;
  };
  return { username, saving, setError, save, fields: { username, onUsernameChange: setUsername, error, saving } };
}

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
      <AlertLine message={props.error} id={`${ids}-error`} box className="mb-3" />
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
