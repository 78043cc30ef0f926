import type { Metadata } from "next";
import { CollectionFormScreen } from "@/components/admin/collection-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getAdminContest } from "@/server/contests/get-admin-contest";
import { notFoundOn404 } from "@/app/contests/collection-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Contest" };

type Props = { params: Promise<{ contestID: string }> };

export default async function EditContestPage({ params }: Props) {
  const { contestID } = await params;
  await requireAdminPage(`/admin/contests/${encodeURIComponent(contestID)}`);
  const { contest, packs } = await getAdminContest({ contestID }).catch(notFoundOn404);
  return (
    <CollectionFormScreen
      kind="contest"
      initial={{
        id: contest.contestID,
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
  );
}
