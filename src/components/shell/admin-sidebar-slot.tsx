"use client";

import { lazy, Suspense } from "react";
import { useSession } from "./session";

// Only super admins and commissioners ever see the sidebar, so players never download it.
const Sidebar = lazy(() => import("./sidebar").then((m) => ({ default: m.Sidebar })));

export function AdminSidebarSlot() {
  const { data, status } = useSession();
  if (status !== "authenticated" || !(data?.user.superAdmin || data?.user.commissioner)) return null;
  return (
    <Suspense fallback={null}>
      <Sidebar />
    </Suspense>
  );
}
