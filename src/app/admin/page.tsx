import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { AuditLogFilters, AuditLogTable } from "@/components/admin/hub/audit-log-table";
import { AUDIT_SUBJECTS, type AuditSubject } from "@/domain/audit-words";
import { parseDayParam } from "@/domain/time";
import { cardClass } from "@/components/admin/hub/admin-ui";
import { LivePanel } from "@/components/admin/live-panel";
import { DialogButton } from "@/components/admin/hub/dialog-button";
import { TIME_ZONE } from "@/config";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { countAttention } from "@/server/authoring/count-attention";
import { listAuditActors, listAuditLog } from "@/server/authoring/list-audit-log";
import { readAdminLivePanel } from "@/server/live/admin-live-panel";
import { countOf } from "@/domain/plural";
import { SUPER_ADMIN_ONLY_PAGES } from "@/components/shell/nav-items";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin Tools" };

const CONTENT_LINKS = [
  ["Create New Pack", "/admin/packs/new"],
  ["Create New Contest", "/admin/contests"],
  ["Manage Props", "/admin/props"],
  ["Events", "/admin/events"],
  ["Teams", "/admin/teams"],
  ["Players", "/admin/players"],
  ["Groups", "/admin/groups"],
  ["Athletes", "/admin/athletes"],
  ["Series", "/admin/series"],
  ["Promo Links", "/admin/promo-links"],
  ["Texts", "/admin/texts"],
  ["API Tester", "/admin/api-tester"],
] as const;

const MARKETPLACE_LINKS = [
  ["Manage Items", "/admin/items"],
  ["View Marketplace", "/marketplace"],
] as const;

function AttentionRow({ count, label, action }: { count: number; label: string; action: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t border-line py-3 first:border-t-0">
      <span className={count > 0 ? "font-bold" : "text-muted"}>{count > 0 ? label : "All clear"}</span>
      {action}
    </li>
  );
}

/** A card of tools: its heading (naming the region) over a row of buttons. */
function ToolCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

/** Links to admin screens and the marketplace, shown as buttons. */
function LinkButtons({ links }: { links: ReadonlyArray<readonly [string, string]> }) {
  return links.map(([label, href]) => (
    <Link key={href} href={href} className={buttonClass("secondary")}>
      {label}
    </Link>
  ));
}

/** /admin – the Admin Tools hub (docs/SCREENS.md §3.1). */
export default async function AdminHubPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requireAdminPage("/admin", { allow: "commissioner" });
  // A commissioner sees only the tools they may use: no players, codes, marketplace or audit log.
  const superAdmin = admin.adminRole === "super_admin";
  const mayOpen = (links: ReadonlyArray<readonly [string, string]>) =>
    links.filter(([, href]) => superAdmin || !SUPER_ADMIN_ONLY_PAGES.has(href));
  const query = await searchParams;
  // The audit log a page at a time: `auditBefore` is the id the older page starts below.
  const auditBefore =
    typeof query.auditBefore === "string" && /^[1-9][0-9]{0,15}$/.test(query.auditBefore) ? Number(query.auditBefore) : undefined;
  // Its filters (who, what, which day), read as plain query parameters; anything else is ignored.
  const text = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim().slice(0, 40) : "");
  const who = text(query.who);
  const what = (AUDIT_SUBJECTS as readonly string[]).includes(text(query.what)) ? (text(query.what) as AuditSubject) : null;
  const day = parseDayParam(text(query.day));
  const filterQuery = new URLSearchParams(Object.entries({ who, what: what ?? "", day: day ?? "" }).filter(([, v]) => v)).toString();
  const [counts, audit, actors, live] = await Promise.all([
    countAttention(),
    superAdmin ? listAuditLog({ limit: 50, before: auditBefore, who, what, day }) : null,
    superAdmin ? listAuditActors() : [],
    readAdminLivePanel(),
  ]);
  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Admin Tools</h1>
      <p className="mt-1 text-muted">Timezone: {TIME_ZONE}</p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section className={cardClass} aria-labelledby="needs-attention">
          <h2 id="needs-attention" className="text-xl font-bold">
            Needs attention
          </h2>
          <ul className="mt-2">
            <AttentionRow
              count={counts.packsToGrade}
              label={`${countOf(counts.packsToGrade, "pack")} to grade`}
              action={<DialogButton type="gradePacks">Grade Packs</DialogButton>}
            />
            <AttentionRow
              count={counts.packsWithoutWinners}
              label={`${countOf(counts.packsWithoutWinners, "graded pack")} without winners`}
              action={<DialogButton type="getPackWinners">Get Pack Winners</DialogButton>}
            />
            {superAdmin ? (
              <AttentionRow
                count={counts.itemsLowOnCodes}
                label={`${countOf(counts.itemsLowOnCodes, "item")} low on codes`}
                action={<DialogButton type="newInventory">Add Inventory Codes</DialogButton>}
              />
            ) : null}
          </ul>
        </section>
        <ToolCard id="content-tools" title="Content">
          <LinkButtons links={mayOpen(CONTENT_LINKS.slice(0, 2))} />
          <DialogButton type="addProp" props={{ superProp: true }}>
            Create Super Prop
          </DialogButton>
          <LinkButtons links={mayOpen(CONTENT_LINKS.slice(2))} />
        </ToolCard>
        <ToolCard id="events-teams" title="Events and teams">
          <DialogButton type="fetchEvents">Fetch Events</DialogButton>
          <DialogButton type="fetchTeams">Fetch Teams</DialogButton>
        </ToolCard>
        <ToolCard id="grading" title="Grading & Winners">
          <Link href="/admin/grading" className={buttonClass("secondary")}>
            Grading Queue
          </Link>
          <DialogButton type="gradePacks">Grade Packs</DialogButton>
          <DialogButton type="gradeProps">Prop Grader</DialogButton>
          <DialogButton type="getPackWinners">Get Pack Winners</DialogButton>
        </ToolCard>
        {superAdmin ? (
          <ToolCard id="marketplace-tools" title="Marketplace">
            <LinkButtons links={MARKETPLACE_LINKS} />
            <DialogButton type="newInventory">Add Inventory Codes</DialogButton>
          </ToolCard>
        ) : null}
        {/* The one texts page (docs/SCREENS.md §3.15): what is going out, then what became of it; the super admin's. */}
        {superAdmin ? (
          <ToolCard id="text-tools" title="Texts">
            <LinkButtons
              links={[
                ["Outbox and blasts", "/admin/texts"],
                ["Delivery rates", "/admin/texts#delivery"],
              ]}
            />
          </ToolCard>
        ) : null}
      </div>
      <LivePanel panel={live} />
      {audit ? (
        <section className="mt-8" aria-labelledby="audit-log">
          <h2 id="audit-log" className="mb-3 text-xl font-bold">
            Audit log
          </h2>
          <AuditLogFilters values={{ who, what: what ?? "", day: day ?? "" }} actors={actors} />
          <AuditLogTable entries={audit.entries} filtered={Boolean(filterQuery)} />
          {audit.olderBefore || auditBefore ? (
            <nav aria-label="Audit log pages" className="mt-3 flex flex-wrap justify-center gap-3">
              {auditBefore ? (
                <Link href={`/admin${filterQuery ? `?${filterQuery}` : ""}#audit-log`} className={buttonClass("ghost")}>
                  Latest changes
                </Link>
              ) : null}
              {audit.olderBefore ? (
                <Link
                  href={`/admin?${filterQuery ? `${filterQuery}&` : ""}auditBefore=${audit.olderBefore}#audit-log`}
                  className={buttonClass("ghost")}
                >
                  Older changes
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
