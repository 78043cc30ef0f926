import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { formatDateTime } from "@/domain/time";

/** An item's codes for super admins: each code and when it was handed out, in a box of bounded height under headings that stay in view. */
export function ItemCodesTable({ codes }: { codes: Array<{ code: string; addedAt: Date; usedAt: Date | null }> }) {
  if (codes.length === 0) return <p className="text-muted">No codes yet. Add some to put this item on sale.</p>;
  return (
    <DataTable
      label="Codes"
      columns={["Code", "Added", "Used"]}
      tableClassName="w-full min-w-[28rem] text-sm"
      wrapClassName="max-h-[60vh] overflow-y-auto"
    >
      {codes.map((code) => (
        <tr key={code.code}>
          <td className={`${tdClass} font-mono`}>{code.code}</td>
          <td className={tdClass}>{formatDateTime(code.addedAt)}</td>
          <td className={tdClass}>{code.usedAt ? formatDateTime(code.usedAt) : <span className="text-muted">Unused</span>}</td>
        </tr>
      ))}
    </DataTable>
  );
}
