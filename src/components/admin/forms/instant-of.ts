import { fromNyDateTimeInput } from "@/domain/ny-datetime-input";

/**
 * A New York wall-clock time as an admin form holds it → the instant the request sends; a malformed
 * one is sent as typed, for the schema to refuse at its field (docs/decisions/047-admin-forms.md).
 */
export const instantOf = (value: string) => (value ? (fromNyDateTimeInput(value) ?? value) : null);
