import { formatDateTime } from "@/domain/time";
import { tableWrapClass, tdClass, thClass } from "./admin-ui";

export interface AuditRow {
  id: number;
  createdAt: string;
  actorHandle: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The latest admin changes: When / Who / What, each expandable to its before and after. */
export function AuditLogTable({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) return <p className="py-4 text-center text-muted">No admin changes yet.</p>;
  return (
    <div className={tableWrapClass}>
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th className={thClass}>When</th>
            <th className={thClass}>Who</th>
            <th className={thClass}>What</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${tdClass} whitespace-nowrap tabular`}>{formatDateTime(new Date(entry.createdAt))}</td>
              <td className={tdClass}>{entry.actorHandle ? `@${entry.actorHandle}` : "System"}</td>
              <td className={tdClass}>
                <details>
                  <summary className="cursor-pointer font-semibold">
                    {entry.action} <span className="font-normal text-muted">{entry.entityType}{entry.entityId ? ` ${entry.entityId.slice(0, 8)}` : ""}</span>
                  </summary>
                  <div className="mt-2 grid gap-2 md:grid-cols-2">
                    <pre className="max-h-64 overflow-auto rounded-lg bg-page p-2 text-xs">Before: {JSON.stringify(entry.before, null, 2)}</pre>
                    <pre className="max-h-64 overflow-auto rounded-lg bg-page p-2 text-xs">After: {JSON.stringify(entry.after, null, 2)}</pre>
                  </div>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
