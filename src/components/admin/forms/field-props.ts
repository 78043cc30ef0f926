import { useId } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";

/**
 * The ids and accessibility wiring of a react-hook-form admin form's fields
 * (docs/decisions/047-admin-forms.md), written once instead of in every form:
 *
 * - `field(name)` gives the kit's `Field` its id and the field's error;
 * - `control(name, { hint })` gives the control the same id, `aria-invalid` when the field has a
 *   problem, and `aria-describedby` naming its error and hint, so a screen reader reads both.
 */
export function useFieldProps<F extends FieldValues>(errors: FieldErrors<F>) {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const message = (name: string): string | undefined => {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === "string" ? error.message : undefined;
  };
  return {
    id,
    field: (name: Extract<keyof F, string>) => ({ id: id(name), error: message(name) }),
    control: (name: Extract<keyof F, string>, options: { hint?: boolean } = {}) => {
      const invalid = message(name) !== undefined;
      const describedBy = [invalid ? `${id(name)}-error` : null, options.hint ? `${id(name)}-hint` : null].filter(Boolean).join(" ");
      return { id: id(name), "aria-invalid": invalid ? true : undefined, "aria-describedby": describedBy || undefined };
    },
  };
}
