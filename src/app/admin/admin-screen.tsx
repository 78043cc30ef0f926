import type { ComponentType, ReactNode } from "react";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { CollectionFormScreen } from "@/components/admin/collection-admin";
import { COLLECTION_KINDS, type CollectionKind } from "@/components/admin/collection-kinds";
import type { CollectionFormInitial } from "@/components/admin/forms/collection-form";
import { notFoundOn404 } from "@/app/contests/collection-page";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import type { AdminAllow } from "@/server/auth/admin-role";

/**
 * The page of an admin screen that is one client component under the shared header (docs/SCREENS.md §3):
 * each page file keeps its own static `metadata` and `dynamic` exports (Next reads them per route) and says
 * only its path, its title, the component and any header actions. The returned page still runs
 * requireAdminPage(path) itself before rendering, so the role check stays server-side on every page;
 * `allow: "commissioner"` opens it to commissioners too (docs/decisions/064-commissioner-role.md).
 * It lives in src/app because components never import src/server (docs/FENCES.md).
 */
export function adminScreen({
  path,
  title,
  Body,
  actions,
  allow,
}: {
  path: string;
  title: string;
  Body: ComponentType;
  actions?: ReactNode;
  allow?: AdminAllow;
}) {
  return async function AdminScreenPage() {
    await requireAdminPage(path, { allow });
    return (
      <div>
        <AdminPageHeader title={title}>{actions}</AdminPageHeader>
        <Body />
      </div>
    );
  };
}

/**
 * The edit page of a contest or a series (docs/decisions/044-collections.md): requireAdminPage on
 * the page's own path first, then the collection's load (its 404 is the page's not-found), then the
 * collection form filled with it.
 */
export async function collectionEditPage(
  kind: CollectionKind,
  id: string,
  load: () => Promise<CollectionFormInitial>,
  access: { allow?: AdminAllow } = {},
) {
  await requireAdminPage(`${COLLECTION_KINDS[kind].admin}/${encodeURIComponent(id)}`, access);
  const initial = await load().catch(notFoundOn404);
  return <CollectionFormScreen kind={kind} initial={initial} />;
}
