/** The sort options of docs/SCREENS.md §2.1, shared by the select and the server. */
export const PACK_SORTS = [
  { value: "close-asc", label: "Close time (soonest first)" },
  { value: "close-desc", label: "Close time (latest first)" },
  { value: "open-desc", label: "Open time (newest first)" },
  { value: "created-desc", label: "Created (newest first)" },
  { value: "title", label: "Title (A→Z)" },
] as const;

export type PackSortValue = (typeof PACK_SORTS)[number]["value"];

export function readSort(value: string | undefined): PackSortValue {
  return PACK_SORTS.find((s) => s.value === value)?.value ?? "close-asc";
}
