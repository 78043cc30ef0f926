/**
 * The two kinds of collection of packs, one on the server (docs/decisions/044-collections.md), and
 * the words and URLs each is shown with: the admin screens and the collection form read them here.
 */
export type CollectionKind = "contest" | "series";

export const COLLECTION_KINDS: Record<CollectionKind, { noun: string; plural: string; admin: string; page: string; api: string }> = {
  contest: { noun: "Contest", plural: "Contests", admin: "/admin/contests", page: "/contests", api: "/api/admin/contests" },
  series: { noun: "Series", plural: "Series", admin: "/admin/series", page: "/series", api: "/api/admin/series" },
};
