import { AUDIT_SUBJECT_WORDS, AUDIT_SUBJECTS, SYSTEM_ACTOR, describeAuditChanges, describeAuditLine } from "@/domain/audit-words";
import { countOf } from "@/domain/plural";
import { formatDateTime } from "@/domain/time";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { DataTable, Field, FilterBar, Input, ItemOptions, Select, tdClass, LabelledOptions } from "./admin-ui";

export interface AuditRow {
  id: number;
  createdAt: string;
  actorHandle: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
  /** Consecutive entries this line folds (decision 064); 1 for one entry. */
  folded: number;
  firstAt: string;
}

/** The filters the hub's audit log was asked for (query parameters `who`, `what`, `day`). */
export interface AuditFilterValues {
  who: string;
  what: string;
  day: string;
}

/**
 * The audit log's filter bar: a plain GET form, so a filtered view is a link an admin can share
 * (docs/decisions/038-readable-audit-log.md), its fields in the kit's FilterBar (one search
 * landmark, "Filter the audit log"). Fixed ids: the hub shows one audit log.
 */
export function AuditLogFilters({ values, actors }: { values: AuditFilterValues; actors: string[] }) {
  const filtered = Boolean(values.who || values.what || values.day);
  // The admins who have entries (bounded, listAuditActors), and the one asked for by a shared link if not among them.
  const who = values.who.replace(/^@/, "");
  const handles = who && who !== SYSTEM_ACTOR && !actors.some((h) => h.toLowerCase() === who.toLowerCase()) ? [who, ...actors] : actors;
  return (
    <form method="get" action="/admin#audit-log" className="mb-3">
      <FilterBar label="Filter the audit log" className="items-end sm:grid-cols-3 lg:grid-cols-[10rem_12rem_11rem_auto]">
        <Field id="audit-who" label="Who">
          <Select id="audit-who" name="who" defaultValue={who}>
            <option value="">Anyone</option>
            <option value={SYSTEM_ACTOR}>System</option>
            <ItemOptions items={handles} value={(handle) => handle} label={(handle) => `@${handle}`} />
          </Select>
        </Field>
        <Field id="audit-what" label="What">
          <Select id="audit-what" name="what" defaultValue={values.what}>
            <option value="">Everything</option>
            <LabelledOptions values={AUDIT_SUBJECTS} labels={AUDIT_SUBJECT_WORDS} />
          </Select>
        </Field>
        <Field id="audit-day" label="Day">
          <Input id="audit-day" type="date" name="day" defaultValue={values.day} />
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-3 lg:col-span-1">
          <button type="submit" className={buttonClass("secondary")}>
            Filter
          </button>
          {filtered ? (
            <Link href="/admin#audit-log" className={buttonClass("ghost")}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </FilterBar>
    </form>
  );
}

/** The latest admin changes: When / Who / What in words, each expandable to what changed, field by field. */
export function AuditLogTable({ entries, filtered = false }: { entries: AuditRow[]; filtered?: boolean }) {
  if (entries.length === 0)
    return <p className="py-4 text-center text-muted">{filtered ? "No admin changes match these filters." : "No admin changes yet."}</p>;
  return (
    <DataTable label="Audit log" columns={["When", "Who", "What"]}>
      {entries.map((entry) => {
        const changes = describeAuditChanges(entry.before, entry.after);
        return (
          <tr key={entry.id}>
            <td className={`${tdClass} whitespace-nowrap tabular`}>{formatDateTime(new Date(entry.createdAt))}</td>
            <td className={tdClass}>{entry.actorHandle ? `@${entry.actorHandle}` : "System"}</td>
            <td className={tdClass}>
              <details>
                <summary className="cursor-pointer font-semibold">{describeAuditLine(entry)}</summary>
                {entry.folded > 1 ? (
                  <p className="mt-2 text-muted">{countOf(entry.folded, "entry", "entries")} in a row; the latest changed:</p>
                ) : null}
                {changes.length ? (
                  <ul className="mt-2 grid gap-1">
                    {changes.map((line) => (
                      <li key={line} className="break-words">
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-muted">No field changes recorded.</p>
                )}
              </details>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
