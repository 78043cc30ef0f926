import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { tdClass } from "@/components/admin/hub/admin-ui";
import { CollectionForm, type CollectionFormInitial } from "@/components/admin/forms/collection-form";
import { COLLECTION_KINDS, type CollectionKind } from "./collection-kinds";

/*
 * The admin screens of a collection of packs, a contest or a series (docs/decisions/044-collections.md):
 * one pattern for both kinds, each kind named by its own words and URLs (collection-kinds.ts).
 */

/** Back to the hub, or to a kind's list. */
const backLinkClass = "text-sm font-semibold text-accent hover:underline";

/** `/admin/contests` and `/admin/series`: back to the hub, the heading and the create button over the kind's list. */
export function CollectionListScreen({ kind, children }: { kind: CollectionKind; children: ReactNode }) {
  const { noun, plural, admin } = COLLECTION_KINDS[kind];
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin" className={backLinkClass}>
        ← Back to Admin
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{`Admin: ${plural}`}</h1>
        <Link href={`${admin}/new`} className={buttonClass("primary")}>
          {`Create New ${noun}`}
        </Link>
      </div>
      {children}
    </div>
  );
}

/** The new and edit pages of a kind: back to its list, "Create New …" or "Edit …", and the collection form. */
export function CollectionFormScreen({ kind, initial }: { kind: CollectionKind; initial?: CollectionFormInitial }) {
  const { noun, plural, admin } = COLLECTION_KINDS[kind];
  return (
    <div className="flex flex-col gap-6">
      <Link href={admin} className={backLinkClass}>
        {`← Back to ${plural}`}
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">{initial ? `Edit ${noun}` : `Create New ${noun}`}</h1>
      <CollectionForm kind={kind} initial={initial} />
    </div>
  );
}

/** A list row's actions cell: its public page and its edit page, each named with the collection's title for screen readers. */
export function CollectionActionsCell({ kind, id, title }: { kind: CollectionKind; id: string; title: string }) {
  const { page, admin } = COLLECTION_KINDS[kind];
  return (
    <td className={`${tdClass} whitespace-nowrap`}>
      {(
        [
          ["View", `${page}/${id}`, "mr-3 "],
          ["Edit", `${admin}/${id}`, ""],
        ] as const
      ).map(([action, href, gap]) => (
        <Link key={action} href={href} className={`${gap}font-semibold text-accent hover:underline`} aria-label={`${action} ${title}`}>
          {action}
        </Link>
      ))}
    </td>
  );
}
