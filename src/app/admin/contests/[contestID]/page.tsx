import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ContestForm } from "@/components/contests/contest-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getAdminContest } from "@/server/contests/get-admin-contest";
import { AppError } from "@/server/http/app-error";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Contest" };

type Props = { params: Promise<{ contestID: string }> };

export default async function EditContestPage({ params }: Props) {
  const { contestID } = await params;
  await requireAdminPage(`/admin/contests/${encodeURIComponent(contestID)}`);
  const found = await getAdminContest({ contestID }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const { contest, packs } = found;
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin/contests" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Contests
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Edit Contest</h1>
      <ContestForm
        initial={{
          contestID: contest.contestID,
          title: contest.title,
          summary: contest.summary,
          details: contest.details,
          prize: contest.prize,
          coverUrl: contest.coverUrl,
          startsAt: contest.startsAt,
          endsAt: contest.endsAt,
          status: contest.adminStatus,
          packs,
        }}
      />
    </div>
  );
}
