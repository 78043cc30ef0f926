import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { AutoGradeNow } from "@/components/admin/grading/auto-grade-now";
import { GameScores } from "@/components/admin/grading/game-scores";
import { PropGrader } from "@/components/admin/grading/prop-grader";
import { countOf } from "@/domain/plural";
import { formatAdminDateTime } from "@/domain/time";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getPackForGrading } from "@/server/grading/get-props-for-grading";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grade Pack" };

type Params = Promise<{ packURL: string }>;

/** Grade one pack (docs/SCREENS.md §3.10); super admins only, checked before rendering. */
export default async function GradePackPage({ params }: { params: Params }) {
  const { packURL } = await params;
  await requireAdminPage(`/admin/grade/${packURL}`, { allow: "commissioner" });
  const pack = await getPackForGrading({ packURL });
  if (!pack) notFound();
  const graded = pack.props.filter((prop) => prop.outcome).length;
  return (
    <div className="mx-auto max-w-4xl">
      <Link href="/admin" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Admin
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Grade Pack: {pack.title}</h1>
      <p className="text-sm text-muted">
        <Link href={`/packs/${pack.packURL}`} className="hover:underline">
          /packs/{pack.packURL}
        </Link>{" "}
        · <span data-testid="pack-state">{pack.state}</span>
        {pack.closeTime
          ? ` · ${new Date(pack.closeTime) <= new Date() ? "closed" : "closes"} ${formatAdminDateTime(new Date(pack.closeTime))}`
          : ""}{" "}
        · {graded} of {countOf(pack.props.length, "prop")} graded
      </p>
      {pack.props.some((prop) => prop.gradingRule && !prop.outcome) ? (
        <div className="mt-4">
          <AutoGradeNow
            packURL={pack.packURL}
            ready={pack.props.filter((prop) => !prop.outcome && prop.autoGrade?.state === "ready").length}
            takes={pack.props
              .filter((prop) => !prop.outcome && prop.autoGrade?.state === "ready")
              .reduce((sum, prop) => sum + prop.takeCount, 0)}
          />
        </div>
      ) : null}
      {pack.props.some((prop) => prop.event) ? (
        <div className="mt-4">
          <GameScores packURL={pack.packURL} />
        </div>
      ) : null}
      <div className="mt-6">{pack.props.length === 0 ? <p className="text-muted">No props</p> : <PropGrader props={pack.props} />}</div>
    </div>
  );
}
