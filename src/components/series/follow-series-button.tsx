"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Bell, BellOff } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { VDone } from "@/domain/schemas/common";

/**
 * "Follow this series", with texts when its packs open only when its box is ticked (docs/PRODUCT.md
 * §9; consent is given, not assumed: docs/SCREENS.md §4.3). Visitors sign in first (loginRequired
 * resolves "signed-in"); POST/DELETE /api/follow/series do the work.
 */
export function FollowSeriesButton({
  seriesId,
  seriesSlug,
  initiallyFollowing,
}: {
  seriesId: string;
  seriesSlug: string;
  initiallyFollowing: boolean;
}) {
  const { status } = useSession();
  const { openModal } = useModal();
  const router = useRouter();
  const [following, setFollowing] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [smsConsent, setSmsConsent] = useState(false);

  async function change(follow: boolean) {
    if (busy) return;
    if (status !== "authenticated") {
      const result = await openModal("loginRequired");
      if (result !== "signed-in") return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch("/api/follow/series", {
        schema: VDone,
        method: follow ? "POST" : "DELETE",
        body: follow ? { seriesId, seriesSlug, smsConsent } : { seriesId, seriesSlug },
      });
      if (!answer.ok) throw new Error("failed");
      setFollowing(follow);
      router.refresh();
    } catch {
      setError(follow ? "Follow failed" : "Could not unfollow");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      {following ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-tint px-3 py-1 text-sm font-semibold text-accent-strong">
            <Bell size={16} aria-hidden="true" /> Following
          </span>
          <Button variant="ghost" disabled={busy} onClick={() => change(false)}>
            <BellOff size={16} aria-hidden="true" /> Unfollow
          </Button>
        </div>
      ) : (
        <>
          <Button disabled={busy} onClick={() => change(true)}>
            <Bell size={16} aria-hidden="true" /> {busy ? "Please wait…" : "Follow this series"}
          </Button>
          <SmsConsentCheckbox
            className="mt-1 max-w-64"
            checked={smsConsent}
            onChange={setSmsConsent}
            label="Text me when this series' packs open"
          />
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
    </div>
  );
}
