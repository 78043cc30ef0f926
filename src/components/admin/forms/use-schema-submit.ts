"use client";

import { useState } from "react";
import type { FieldValues, Path, UseFormHandleSubmit, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import type { ApiResult } from "@/components/api/api-fetch";
import { useToast } from "@/components/ui/toast";
import { showSchemaIssues } from "./schema-issues";

/** How one admin form saves; only what differs from form to form. */
type SchemaSubmit<F extends FieldValues, P, T> = {
  /** The API's own request schema, run before anything is sent (docs/decisions/047-admin-forms.md). */
  schema: z.ZodType;
  /** Where each of the request's fields is shown (for `showSchemaIssues`). */
  fields: Record<string, Path<F> | "root">;
  /** The form's values as the request; `undefined` when the form has already shown why it cannot be made. */
  payload: (values: F) => P | undefined;
  /** Puts the issues in the order of the form, where the schema's order differs (the prop editor). */
  order?: (issues: readonly z.core.$ZodIssue[]) => readonly z.core.$ZodIssue[];
  /** The call, with `apiFetch`; `undefined` when the admin called it off (a confirm dialog dismissed). */
  send: (payload: P, values: F) => Promise<ApiResult<T> | undefined>;
  /** The root error of a refusal, where the form words it itself; the server's message otherwise. */
  failure?: (answer: { error: string; status: number }) => string;
  /** The toast of a save. */
  toast: string | ((data: T) => string);
  /** What follows a save: navigate, refresh, close or reset. */
  then: (data: T, values: F) => void;
};

/**
 * The submit of an admin form, written once (issue 38): the values become the request, the
 * request's own schema checks it and each problem is shown at its field, the call goes out, a
 * refusal is the form's root error, a save is toasted and then navigates or refreshes. `sending`
 * is true only while the call is out, never while the check runs: a disabled control cannot take
 * the focus its problem gives it.
 */
export function useSchemaSubmit<F extends FieldValues, P, T>(
  form: { handleSubmit: UseFormHandleSubmit<F>; setError: UseFormSetError<F> },
  options: SchemaSubmit<F, P, T>,
) {
  const { showToast } = useToast();
  const [sending, setSending] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    const payload = options.payload(values);
    if (payload === undefined) return;
    const checked = options.schema.safeParse(payload);
    if (!checked.success) {
      showSchemaIssues(options.order ? options.order(checked.error.issues) : checked.error.issues, form.setError, options.fields);
      return;
    }
    setSending(true);
    const answer = await options.send(payload, values).finally(() => setSending(false));
    if (!answer) return;
    if (!answer.ok) return form.setError("root", { message: options.failure ? options.failure(answer) : answer.error });
    showToast(typeof options.toast === "string" ? options.toast : options.toast(answer.data));
    options.then(answer.data, values);
  });
  return { onSubmit, sending };
}
