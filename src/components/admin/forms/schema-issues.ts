import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { z } from "zod";

/**
 * Shows a shared request schema's problems at their fields (docs/decisions/047-admin-forms.md):
 * each zod issue goes to the form field its path starts with (renamed through `fields` where the
 * form and the request name it differently, e.g. packIds → packs), and one that belongs to no
 * field goes to the form's root error. The first field with a problem takes the focus, so a
 * keyboard or screen reader lands on it. Returns whether there was any problem.
 */
export function showSchemaIssues<F extends FieldValues>(
  issues: readonly z.core.$ZodIssue[],
  setError: UseFormSetError<F>,
  fields: Record<string, Path<F> | "root">,
): boolean {
  const shown = new Set<string>();
  let focused = false;
  for (const issue of issues) {
    const head = String(issue.path[0] ?? "");
    const field = fields[head] ?? "root";
    if (shown.has(field)) continue;
    shown.add(field);
    if (field === "root") setError("root", { message: issue.message });
    else {
      setError(field, { message: issue.message }, { shouldFocus: !focused });
      focused = true;
    }
  }
  return shown.size > 0;
}
