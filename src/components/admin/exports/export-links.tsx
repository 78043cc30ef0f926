import { buttonClass } from "@/components/ui/button";

const KINDS = [
  ["picks", "Picks"],
  ["standings", "Standings"],
  ["ledger", "Ledger"],
] as const;

/**
 * Download the CSV exports of one pack or contest (docs/decisions/063-bulk-tools.md): plain links to
 * the streamed admin routes, so no script is needed and the browser saves the attachment. No
 * export holds a phone number.
 */
export function ExportLinks({
  scope,
  id,
  noun,
  ledger = true,
}: {
  scope: "pack" | "contest";
  id: string;
  noun: string;
  /** The ledger export is the super admin's alone; a commissioner is not offered it (decision 064). */
  ledger?: boolean;
}) {
  return (
    <section aria-labelledby={`export-${scope}`} className="mt-6 rounded-2xl border border-line bg-surface p-4">
      <h2 id={`export-${scope}`} className="text-lg font-bold">
        Export {noun} as CSV
      </h2>
      <p className="text-sm text-muted">
        Every current pick, the standings{ledger ? ", or the ledger entries" : ""}, streamed as a spreadsheet file.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {KINDS.filter(([kind]) => ledger || kind !== "ledger").map(([kind, label]) => (
          <a
            key={kind}
            className={buttonClass("secondary")}
            href={`/api/admin/exports/${kind}?${scope}=${encodeURIComponent(id)}`}
            download
          >
            Download {label.toLowerCase()} (CSV)
          </a>
        ))}
      </div>
    </section>
  );
}

/** A week's exports (New York Monday to Sunday holding the day chosen): one form, a button per export. */
export function WeekExportForm() {
  return (
    <form method="get" action="/api/admin/exports/picks" className="rounded-2xl border border-line bg-surface p-4">
      <h2 className="text-lg font-bold">Export a week as CSV</h2>
      <p className="text-sm text-muted">
        Picks and ledger of the packs that close that week (Monday to Sunday, New York); standings by picks made that week.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm font-semibold">
          Any day of the week
          <input type="date" name="week" required className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base" />
        </label>
        {KINDS.map(([kind, label]) => (
          <button key={kind} type="submit" formAction={`/api/admin/exports/${kind}`} className={buttonClass("secondary")}>
            Download {label.toLowerCase()}
          </button>
        ))}
      </div>
    </form>
  );
}
