import { AUDIT_SUBJECT_WORDS, AUDIT_SUBJECTS, describeAuditChanges, describeAuditEntry } from "@/domain/audit-words";
import { formatDateTime } from "@/domain/time";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { DataTable, inputClass, labelClass, tdClass } from "./admin-ui";

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
}

/** The filters the hub's audit log was asked for (query parameters `who`, `what`, `day`). */
export interface AuditFilterValues {
  who: string;
  what: string;
  day: string;
}

/**
 * The audit log's filter bar: a plain GET form, so a filtered view is a link an admin can share
 * (docs/decisions/038-readable-audit-log.md).
 */
export function AuditLogFilters({ values }: { values: AuditFilterValues }) {
  const filtered = Boolean(values.who || values.what || values.day);
  return (
    <form method="get" action="/admin#audit-log" aria-label="Filter the audit log" className="mb-3 flex flex-wrap items-end gap-3">
      <label className="grid gap-1">
        <span className={labelClass}>Who</span>
        <input name="who" defaultValue={values.who} placeholder="@handle" className={`${inputClass} w-40`} maxLength={40} />
      </label>
      <label className="grid gap-1">
        <span className={labelClass}>What</span>
        <select name="what" defaultValue={values.what} className={`${inputClass} w-48`}>
          <option value="">Everything</option>
          {AUDIT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {AUDIT_SUBJECT_WORDS[subject]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className={labelClass}>Day</span>
        <input type="date" name="day" defaultValue={values.day} className={`${inputClass} w-44`} />
      </label>
      <button type="submit" className={buttonClass("secondary")}>
        Filter
      </button>
      {filtered ? (
        <Link href="/admin#audit-log" className={buttonClass("ghost")}>
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}

/** The latest admin changes: When / Who / What in words, each expandable to what changed, field by field. */
export function AuditLogTable({ entries, filtered = false }: { entries: AuditRow[]; filtered?: boolean }) {
  if (entries.length === 0) return <p className="py-4 text-center text-muted">{filtered ? "No admin changes match these filters." : "No admin changes yet."}</p>;
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
                <summary className="cursor-pointer font-semibold">{describeAuditEntry(entry)}</summary>
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
