import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";

type Params = Promise<{ profileID: string }>;

/**
 * Decides "no such profile" before the page's loading state starts
 * streaming, so an unknown handle answers with a real 404 (app/profile/not-found.tsx).
 */
export default async function ProfileLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { profileID } = await params;
  const handle = decodeURIComponent(profileID).replace(/^@/, "");
  if (!/^[A-Za-z0-9_]{3,20}$/.test(handle) || !(await findProfileByHandle({ handleOrId: handle }))) notFound();
  return children;
}
