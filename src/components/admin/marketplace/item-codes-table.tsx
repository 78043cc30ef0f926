import { formatDateTime } from "@/domain/time";

/** An item's codes for super admins: each code and when it was handed out. */
export function ItemCodesTable({ codes }: { codes: Array<{ code: string; addedAt: Date; usedAt: Date | null }> }) {
  if (codes.length === 0) return <p className="text-muted">No codes yet. Add some to put this item on sale.</p>;
  return (
    // A scrolling box with nothing focusable inside: focusable itself so the keyboard can scroll it.
    <div role="region" aria-label="Codes" tabIndex={0} className="relative max-h-[60vh] overflow-auto rounded-xl border border-line">
      <table className="w-full min-w-[28rem] border-collapse text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="sticky top-0 bg-surface px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
              Code
            </th>
            <th scope="col" className="sticky top-0 bg-surface px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
              Added
            </th>
            <th scope="col" className="sticky top-0 bg-surface px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
              Used
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.code} className="border-b border-line last:border-0">
              <td className="px-3 py-2 font-mono">{code.code}</td>
              <td className="px-3 py-2">{formatDateTime(code.addedAt)}</td>
              <td className="px-3 py-2">{code.usedAt ? formatDateTime(code.usedAt) : <span className="text-muted">Unused</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
