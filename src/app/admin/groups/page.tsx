import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AdminDateTime, AdminPageHeader, inputClass, tableWrapClass, tdClass, thClass } from "@/components/admin/hub/admin-ui";
import { HideGroupForm } from "@/components/admin/groups/hide-group-form";
import { buttonClass } from "@/components/ui/button";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminGroups } from "@/server/groups/admin-groups";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Groups" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * `/admin/groups` (docs/decisions/066-groups.md): players' groups by name, newest first, keyset paged,
 * with member count, owner and created; Hide / Unhide with a reason, audited. Commissioners too.
 */
export default async function AdminGroupsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("/admin/groups", { allow: "commissioner" });
  const params = await searchParams;
  const q = one(params.q).trim().slice(0, 40);
  const after = /^[A-Za-z0-9_-]{1,400}$/.test(one(params.after)) ? one(params.after) : undefined;
  const page = await listAdminGroups({ q, cursor: after }).catch(() => ({ items: [], nextCursor: null }));
  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title="Groups" />
      <form role="search" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm font-semibold">
          Group name
          <input name="q" defaultValue={q} maxLength={40} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </form>
      {page.items.length === 0 ? (
        <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">
          {q ? `No group's name holds “${q}”.` : "No groups yet."}
        </p>
      ) : (
        <div className={tableWrapClass} role="region" aria-label="Groups" tabIndex={0}>
          <table className="w-full text-sm">
            <thead>
              <tr>
                {["Group", "Members", "Owner", "Created", "Visibility"].map((label) => (
                  <th key={label} scope="col" className={thClass}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((group) => (
                <tr key={group.id}>
                  <td className={`${tdClass} font-semibold`}>{group.name}</td>
                  <td className={`${tdClass} tabular-nums`}>{group.memberCount.toLocaleString("en-US")}</td>
                  <td className={tdClass}>@{group.ownerHandle}</td>
                  <td className={tdClass}>
                    <AdminDateTime value={group.createdAt} />
                  </td>
                  <td className={tdClass}>
                    {group.hiddenAt ? <p className="mb-1 text-xs font-semibold text-lost">Hidden: {group.hiddenReason}</p> : null}
                    <HideGroupForm groupId={group.id} groupName={group.name} hidden={group.hiddenAt !== null} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor ? (
        <Link
          href={`/admin/groups?${new URLSearchParams({ ...(q ? { q } : {}), after: page.nextCursor }).toString()}`}
          className="inline-flex min-h-11 items-center self-end font-semibold text-accent hover:underline"
        >
          Next page
        </Link>
      ) : null}
    </div>
  );
}
