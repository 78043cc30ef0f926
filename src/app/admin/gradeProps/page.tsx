import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { PropGrader } from "@/components/admin/grading/prop-grader";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getPropsForGrading } from "@/server/grading/get-props-for-grading";
import { formatDateTime } from "@/domain/time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grade Props" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Grade selected props (docs/SCREENS.md §3.11), in the order of `?ids=`; super admins only. */
export default async function GradePropsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const raw = typeof query.ids === "string" ? query.ids : "";
  await requireAdminPage(`/admin/gradeProps${raw ? `?ids=${raw}` : ""}`, { allow: "commissioner" });
  const ids = [
    ...new Set(
      raw
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, 200);
  const { props, missing } = ids.length ? await getPropsForGrading({ ids }) : { props: [], missing: [] };

  return (
    <div className="mx-auto max-w-4xl">
      <Link href="/admin" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Admin
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Grade Props</h1>
      {ids.length === 0 ? (
        <p className="mt-6 text-muted">
          No props selected.{" "}
          <Link href="/admin/props" className="font-semibold text-accent hover:underline">
            Choose props to grade
          </Link>
        </p>
      ) : (
        <>
          {missing.length > 0 ? (
            <p role="alert" className="mt-4 font-semibold text-lost">
              Not found: {missing.join(", ")}
            </p>
          ) : null}
          {props.length > 0 ? (
            <>
              <section aria-labelledby="event-readout" className="mt-6 rounded-2xl bg-surface p-4 shadow-sm">
                <h2 id="event-readout" className="text-lg font-bold">
                  Event API Readout
                </h2>
                <p className="text-sm text-muted">Live readout for the linked event(s) that will be used for auto grading.</p>
                <ul className="mt-2 divide-y divide-line text-sm">
                  {props.map((prop) => (
                    <li key={prop.propId} className="py-2">
                      <span className="font-semibold">{prop.shortLabel}: </span>
                      {prop.event ? (
                        <>
                          {prop.event.title} · {prop.event.statusDetail ?? prop.event.status} ·{" "}
                          {formatDateTime(new Date(prop.event.startTime))}
                          {prop.event.homeScore !== null && prop.event.awayScore !== null
                            ? ` · ${prop.event.awayScore} - ${prop.event.homeScore}`
                            : ""}
                        </>
                      ) : (
                        <span className="text-muted">No game found for this event/date.</span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
              <div className="mt-6">
                <PropGrader props={props} showDetails />
              </div>
              <p className="mt-4 flex gap-4 text-sm font-semibold">
                <Link href="/admin/props" className="text-accent hover:underline">
                  Edit prop
                </Link>
                <Link href="/admin" className="text-accent hover:underline">
                  Back to Admin
                </Link>
              </p>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
