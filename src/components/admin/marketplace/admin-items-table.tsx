import Link from "@/components/ui/link";
import { Check } from "lucide-react";
import { ITEM_STATUS_LABELS, LOW_STOCK_THRESHOLD, type ItemStatus } from "@/domain/marketplace";

export interface AdminItemRow {
  itemID: string;
  itemName: string;
  itemTokens: number;
  status: ItemStatus;
  featured: boolean;
  codesLeft: number;
  codesUsed: number;
}

const TH = "sticky top-0 bg-surface px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
const TD = "px-3 py-2 align-middle";

/** Items table of the admin marketplace (docs/SCREENS.md §3.1): Item / Diamonds / Status / Featured / Codes left / Used. */
export function AdminItemsTable({ items }: { items: AdminItemRow[] }) {
  if (items.length === 0) return <p className="p-6 text-center text-muted">No items yet.</p>;
  return (
    <div className="relative max-h-[70vh] overflow-auto rounded-xl border border-line">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={TH}>Item</th>
            <th scope="col" className={`${TH} text-right`}>Diamonds</th>
            <th scope="col" className={TH}>Status</th>
            <th scope="col" className={TH}>Featured</th>
            <th scope="col" className={`${TH} text-right`}>Codes left</th>
            <th scope="col" className={`${TH} text-right`}>Used</th>
            <th scope="col" className={TH}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const low = item.status === "available" && item.codesLeft < LOW_STOCK_THRESHOLD;
            return (
              <tr key={item.itemID} className="border-b border-line last:border-0">
                <th scope="row" className={`${TD} text-left font-semibold`}>
                  {item.itemName}
                </th>
                <td className={`${TD} tabular text-right`}>{item.itemTokens.toLocaleString("en-US")}</td>
                <td className={TD}>{ITEM_STATUS_LABELS[item.status]}</td>
                <td className={TD}>
                  {item.featured ? (
                    <span className="inline-flex items-center gap-1">
                      <Check size={14} aria-hidden="true" /> Yes
                    </span>
                  ) : (
                    <span className="text-muted">No</span>
                  )}
                </td>
                <td className={`${TD} tabular text-right ${low ? "font-bold text-lost" : ""}`}>
                  {item.codesLeft.toLocaleString("en-US")}
                  {low ? <span className="sr-only"> (low on codes)</span> : null}
                </td>
                <td className={`${TD} tabular text-right`}>{item.codesUsed.toLocaleString("en-US")}</td>
                <td className={TD}>
                  <Link
                    href={`/admin/items/${item.itemID}`}
                    className="inline-flex min-h-11 items-center font-semibold text-accent hover:underline"
                    aria-label={`Edit ${item.itemName}`}
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
