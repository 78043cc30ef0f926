import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AdminPageHeader, cardClass } from "@/components/admin/hub/admin-ui";
import { StandingsRuleForm } from "@/components/admin/standings/standings-rule-form";
import { TieBreakNote } from "@/components/leaderboard/tie-break-note";
import { LEAGUE_LABELS, SUPPORTED_LEAGUES } from "@/config";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminContests } from "@/server/contests/list-admin-contests";
import { readStandingsRule } from "@/server/standings/standings-rules";
import { seasonYearOf } from "@/domain/leaderboard-scope";
import { standingsTieBreakWords } from "@/domain/standings";
import { nyDay } from "@/domain/time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Standings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * `/admin/standings` (docs/SCREENS.md §3.3a): choose whose standings to set (a league's season, or a
 * contest), then the order that breaks ties in them (docs/decisions/062-league-standings.md).
 */
export default async function AdminStandingsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("/admin/standings", { allow: "commissioner" });
  const asked = (await searchParams).scope;
  const season = seasonYearOf(nyDay(new Date()));
  const contests = await listAdminContests();
  const choices = [
    ...[season, season - 1].flatMap((year) =>
      SUPPORTED_LEAGUES.map((league) => ({
        scope: `league:${league}:season:${year}`,
        label: `${LEAGUE_LABELS[league]} ${year} season`,
        view: `/standings?league=${league}&season=${year}`,
      })),
    ),
    ...contests.map((contest) => ({
      scope: `contest:${contest.id}`,
      label: `Contest: ${contest.title || "Untitled Contest"}`,
      view: `/contests/${contest.contestID}/standings`,
    })),
  ];
  const chosen = choices.find((choice) => choice.scope === asked) ?? choices[0]!;
  const rule = await readStandingsRule(chosen.scope);

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title="Standings" />
      <nav aria-label="Standings to set" className={cardClass}>
        <h2 className="text-sm font-bold uppercase tracking-wide text-muted">Standings</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <li key={choice.scope}>
              <Link
                href={`/admin/standings?scope=${encodeURIComponent(choice.scope)}`}
                aria-current={choice.scope === chosen.scope ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm font-semibold ${
                  choice.scope === chosen.scope ? "bg-accent text-white" : "bg-surface hover:bg-page"
                }`}
              >
                {choice.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <StandingsRuleForm key={`${chosen.scope}:${rule.order.join(",")}`} scope={chosen.scope} order={rule.order} label={chosen.label} />
      <section className={cardClass} aria-labelledby="players-read">
        <h2 id="players-read" className="text-xl font-extrabold tracking-tight">
          What players read
        </h2>
        <p className="mt-1 text-sm text-muted">
          {rule.chosen ? "Your chosen order" : "The default order (nothing chosen yet)"}, under the standings on{" "}
          <Link href={chosen.view} className="font-semibold text-accent hover:underline">
            {chosen.view}
          </Link>
          :
        </p>
        <TieBreakNote order={standingsTieBreakWords(rule.order)} />
      </section>
    </div>
  );
}
