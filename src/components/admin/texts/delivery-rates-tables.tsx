import { DataTable, cardClass, tdClass } from "@/components/admin/hub/admin-ui";
import { deliveredShare, type DeliveryRateRow } from "@/domain/sms-delivery";

const COUNT_COLUMNS = [
  { label: "Sent", className: "text-right" },
  { label: "Delivered", className: "text-right" },
  { label: "Undelivered", className: "text-right" },
  { label: "Failed", className: "text-right" },
  { label: "Awaiting", className: "text-right" },
  { label: "Held back", className: "text-right" },
  { label: "Delivered share", className: "text-right" },
];

const number = (value: number) => value.toLocaleString("en-US");

function share(row: DeliveryRateRow): string {
  const value = deliveredShare(row);
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

function CountCells({ row }: { row: DeliveryRateRow }) {
  const cell = `${tdClass} text-right tabular-nums`;
  return (
    <>
      <td className={cell}>{number(row.sent)}</td>
      <td className={cell}>{number(row.delivered)}</td>
      <td className={cell}>{number(row.undelivered)}</td>
      <td className={cell}>{number(row.failed)}</td>
      <td className={cell}>{number(row.awaiting)}</td>
      <td className={cell}>{number(row.heldBack)}</td>
      <td className={`${cell} font-bold`}>{share(row)}</td>
    </>
  );
}

/** The 14 days added up per kind of text. */
function totalsByKind(rows: DeliveryRateRow[]): DeliveryRateRow[] {
  const totals = new Map<string, DeliveryRateRow>();
  for (const row of rows) {
    const total = totals.get(row.kind) ?? { ...row, day: "", sent: 0, delivered: 0, undelivered: 0, failed: 0, awaiting: 0, heldBack: 0 };
    total.sent += row.sent;
    total.delivered += row.delivered;
    total.undelivered += row.undelivered;
    total.failed += row.failed;
    total.awaiting += row.awaiting;
    total.heldBack += row.heldBack;
    totals.set(row.kind, total);
  }
  return [...totals.values()].sort((a, b) => b.sent - a.sent);
}

/**
 * The admin's delivery rates (docs/decisions/071-delivery-on-the-record.md): per kind of text over
 * the last 14 days, then per day and kind. The delivered share is of the texts the carrier gave a
 * final word on; "Awaiting" are handed over with none yet.
 */
export function DeliveryRatesTables({ rows, days }: { rows: DeliveryRateRow[]; days: number }) {
  if (rows.length === 0) {
    return (
      <section className={cardClass} aria-labelledby="delivery-empty">
        <h3 id="delivery-empty" className="text-xl font-bold">
          Delivery rates
        </h3>
        <p className="mt-2 text-muted">No texts in the last {days} days.</p>
      </section>
    );
  }
  return (
    <>
      <section aria-labelledby="delivery-by-kind" className="flex flex-col gap-2">
        <h3 id="delivery-by-kind" className="text-xl font-bold">
          By kind of text, last {days} days
        </h3>
        <DataTable label={`Delivery by kind of text, last ${days} days`} columns={["Kind", ...COUNT_COLUMNS]}>
          {totalsByKind(rows).map((row) => (
            <tr key={row.kind}>
              <th scope="row" className={`${tdClass} text-left font-mono text-xs`}>
                {row.kind}
              </th>
              <CountCells row={row} />
            </tr>
          ))}
        </DataTable>
      </section>
      <section aria-labelledby="delivery-by-day" className="flex flex-col gap-2">
        <h3 id="delivery-by-day" className="text-xl font-bold">
          By day (America/New_York)
        </h3>
        <DataTable
          label="Delivery by day and kind of text"
          columns={["Day", "Kind", ...COUNT_COLUMNS]}
          wrapClassName="max-h-[32rem] overflow-y-auto"
        >
          {rows.map((row) => (
            <tr key={`${row.day}:${row.kind}`}>
              <th scope="row" className={`${tdClass} whitespace-nowrap text-left tabular-nums`}>
                {row.day}
              </th>
              <td className={`${tdClass} font-mono text-xs`}>{row.kind}</td>
              <CountCells row={row} />
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
