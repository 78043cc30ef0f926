import { AdminDateTime, DataTable, cardClass, tdClass } from "@/components/admin/hub/admin-ui";
import { PriceChart } from "@/components/prices/price-chart";
import { formatMoneyline, PRICE_SOURCE_LABELS, type PriceChart as PriceChartData } from "@/domain/prices";
import type { z } from "zod";
import type { ZPropPrice } from "@/domain/schemas/props";
import { RefreshPropOddsButton } from "./refresh-odds-button";

type PriceRecord = {
  prices: Array<z.infer<typeof ZPropPrice>>;
  chart: PriceChartData | null;
  closing: { sideAMoneyline: number | null; sideBMoneyline: number | null } | null;
  refreshBlocked: string | null;
};

/**
 * The prop screen's "Price history" (docs/decisions/056-price-history.md): "Refresh odds" (or why
 * it cannot run), the closing price once locked, the chart and every price newest first (bounded).
 */
export function PropPriceHistory({ propId, labels, record }: { propId: string; labels: { A: string; B: string }; record: PriceRecord }) {
  return (
    <section aria-labelledby="price-history-heading" className={`${cardClass} mt-6 space-y-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="price-history-heading" className="text-xl font-extrabold">
          Price history
        </h2>
        {record.refreshBlocked ? (
          <p className="text-sm text-muted" data-testid="refresh-blocked">
            Refresh odds: {record.refreshBlocked}
          </p>
        ) : (
          <RefreshPropOddsButton propId={propId} />
        )}
      </div>
      {record.closing ? (
        <p className="font-semibold" data-testid="admin-closing-price">
          Closing price: {labels.A} {formatMoneyline(record.closing.sideAMoneyline)} · {labels.B}{" "}
          {formatMoneyline(record.closing.sideBMoneyline)}
        </p>
      ) : null}
      {record.chart ? <PriceChart chart={record.chart} labels={labels} /> : null}
      {record.prices.length === 0 ? (
        <p className="text-muted">No price recorded yet.</p>
      ) : (
        <DataTable
          label="Price history, newest first"
          columns={["When", labels.A, labels.B, "Set by"]}
          wrapClassName="max-h-80 overflow-y-auto"
        >
          {record.prices.map((price, index) => (
            <tr key={`${price.recordedAt}-${index}`}>
              <td className={tdClass}>
                <AdminDateTime value={price.recordedAt} />
              </td>
              <td className={`${tdClass} tabular`}>{formatMoneyline(price.sideAMoneyline)}</td>
              <td className={`${tdClass} tabular`}>{formatMoneyline(price.sideBMoneyline)}</td>
              <td className={tdClass}>
                {PRICE_SOURCE_LABELS[price.source]}
                {price.actorHandle ? <span className="block text-muted">@{price.actorHandle}</span> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
