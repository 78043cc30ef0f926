import Link from "@/components/ui/link";
import { Check } from "lucide-react";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
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

const NUMBER = "tabular text-right";

/** Items table of the admin marketplace (docs/SCREENS.md §3.1): Item / Diamonds / Status / Featured / Codes left / Used. */
export function AdminItemsTable({ items }: { items: AdminItemRow[] }) {
  if (items.length === 0) return <p className="p-6 text-center text-muted">No items yet.</p>;
  return (
    <DataTable
      label="Marketplace items"
      columns={[
        "Item",
        { label: "Diamonds", className: "text-right" },
        "Status",
        "Featured",
        { label: "Codes left", className: "text-right" },
        { label: "Used", className: "text-right" },
        { hidden: "Actions" },
      ]}
      tableClassName="w-full min-w-[40rem] text-sm"
      wrapClassName="max-h-[70vh] overflow-y-auto"
    >
      {items.map((item) => {
        const low = item.status === "available" && item.codesLeft < LOW_STOCK_THRESHOLD;
        return (
          <tr key={item.itemID}>
            <th scope="row" className={`${tdClass} text-left font-semibold`}>
              {item.itemName}
            </th>
            <td className={`${tdClass} ${NUMBER}`}>{item.itemTokens.toLocaleString("en-US")}</td>
            <td className={tdClass}>{ITEM_STATUS_LABELS[item.status]}</td>
            <td className={tdClass}>
              {item.featured ? (
                <span className="inline-flex items-center gap-1">
                  <Check size={14} aria-hidden="true" /> Yes
                </span>
              ) : (
                <span className="text-muted">No</span>
              )}
            </td>
            <td className={`${tdClass} ${NUMBER} ${low ? "font-bold text-lost" : ""}`}>
              {item.codesLeft.toLocaleString("en-US")}
              {low ? <span className="sr-only"> (low on codes)</span> : null}
            </td>
            <td className={`${tdClass} ${NUMBER}`}>{item.codesUsed.toLocaleString("en-US")}</td>
            <td className={tdClass}>
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
    </DataTable>
  );
}
