import { TriangleAlert } from "lucide-react";
import type { SmsDeliveryNotice as Notice } from "@/domain/sms-delivery";
import { formatMediumDate } from "@/domain/time";

/**
 * "We could not text you" on the owner's own profile (docs/decisions/071-delivery-on-the-record.md):
 * the carrier refused their number for good, so texts stopped; signing in again with a code that
 * reaches them turns texts back on. A status region, so a screen reader reads it with the page.
 */
export function SmsDeliveryNotice({ notice }: { notice: Notice }) {
  return (
    <div role="status" className="mt-6 flex gap-3 rounded-2xl border border-line bg-gold-tint p-4" data-testid="sms-delivery-notice">
      <TriangleAlert size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="min-w-0 text-sm">
        <p className="font-bold">We could not text you at {notice.maskedPhone}: texts are off until you sign in again with a code.</p>
        <p className="mt-1">
          Since {formatMediumDate(new Date(notice.since))} the carrier has refused our texts: {notice.why}. Your pack openings and results
          are not texted meanwhile; sign-in codes still are.
        </p>
        <p className="mt-1">
          To fix it, make sure this is a mobile number that can receive texts (and, if you replied STOP to us, text START), then log out and
          sign in again: once the code reaches you, texts start again.
        </p>
      </div>
    </div>
  );
}
