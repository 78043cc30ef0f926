import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ContestForm } from "@/components/contests/contest-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create New Contest" };

export default async function NewContestPage() {
  await requireAdminPage("/admin/contests/new");
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin/contests" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Contests
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Create New Contest</h1>
      <ContestForm />
    </div>
  );
}
