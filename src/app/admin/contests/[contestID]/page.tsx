import type { Metadata } from "next";
import { getAdminContest } from "@/server/contests/get-admin-contest";
import { ExportLinks } from "@/components/admin/exports/export-links";
import { readPageSession } from "@/server/auth/read-page-session";
import { collectionEditPage } from "../../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Contest" };

type Props = { params: Promise<{ contestID: string }> };

export default async function EditContestPage({ params }: Props) {
  const { contestID } = await params;
  const screen = await collectionEditPage(
    "contest",
    contestID,
    async () => {
      const { contest, packs } = await getAdminContest({ contestID });
      return {
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
      };
    },
    { allow: "commissioner" },
  );
  return (
    <>
      {screen}
      {/* The page's guard let the viewer in; the ledger link is shown only to the super admin (the route checks again). */}
      <ExportLinks scope="contest" id={contestID} noun="this contest" ledger={(await readPageSession())?.superAdmin === true} />
    </>
  );
}
