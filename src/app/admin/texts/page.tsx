import type { Metadata } from "next";
import { AdminPageHeader, cardClass } from "@/components/admin/hub/admin-ui";
import { DeliveryRatesTables } from "@/components/admin/texts/delivery-rates-tables";
import { OutboxPanel } from "@/components/admin/texts/outbox-panel";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { DELIVERY_RATE_DAYS, listDeliveryRates, type DeliveryRates } from "@/server/notifications/delivery/delivery-rates";
import { getOutboxOverview } from "@/server/notifications/outbox-overview";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Texts" };

/**
 * `/admin/texts` (docs/SCREENS.md §3.15), the one page for texts: first what is going out (the
 * texts waiting by kind, the sending rate, each pack opening in flight with when it should finish;
 * the super admin pauses, resumes or cancels them: docs/decisions/073-paced-outbox.md), then what
 * became of what went out (delivery rates per kind and day, the day's spend against the ceiling:
 * docs/decisions/071-delivery-on-the-record.md).
 */
export default async function AdminTextsPage() {
  await requireAdminPage("/admin/texts");
  const [overview, rates] = await Promise.all([getOutboxOverview(), listDeliveryRates()]);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Texts">
        <a href="#delivery" className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          Jump to delivery rates
        </a>
      </AdminPageHeader>
      <OutboxPanel initial={overview} />
      <DeliverySection rates={rates} />
    </div>
  );
}

/**
 * The "Delivery" half of `/admin/texts` (docs/SCREENS.md §3.15): the day's spend against the
 * ceiling, then what became of the texts of the last 14 days per kind and per day
 * (docs/decisions/071-delivery-on-the-record.md).
 */
function DeliverySection({ rates }: { rates: DeliveryRates }) {
  const today = rates.spend[0];
  return (
    <section id="delivery" className="flex scroll-mt-20 flex-col gap-4" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="text-2xl font-bold">
        Delivery
      </h2>
      <section className={cardClass} aria-labelledby="daily-spend">
        <h3 id="daily-spend" className="text-xl font-bold">
          Daily spending ceiling
        </h3>
        <p className="mt-2">
          {rates.ceilingSegments === null
            ? "No ceiling is set (SMS_DAILY_CEILING_CENTS)."
            : `${rates.ceilingSegments.toLocaleString("en-US")} segments a day at ${rates.segmentPriceCents}¢ each; past it, openings and challenges are held back. Sign-in codes and players' own results always go.`}
        </p>
        <p className="mt-1 text-muted">
          {today
            ? `Latest day ${today.day}: ${today.segments.toLocaleString("en-US")} segments (about $${((today.segments * rates.segmentPriceCents) / 100).toFixed(2)}), ${today.refused.toLocaleString("en-US")} texts held back.`
            : "Nothing sent yet in the last 14 days."}
        </p>
      </section>
      <DeliveryRatesTables rows={rates.rows} days={DELIVERY_RATE_DAYS} />
    </section>
  );
}
