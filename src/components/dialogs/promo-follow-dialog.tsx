"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { Check, Loader2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Countdown } from "@/components/ui/countdown";
import { Dialog } from "@/components/ui/dialog";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { CardImage } from "@/components/awards/card-image";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { ensureSignedIn } from "@/components/awards/ensure-signed-in";
import { ErrorLine } from "@/components/awards/error-line";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { ZRedeemAwardAnswer, type AwardPreview } from "@/domain/schemas/awards";
import { ZFollowSeriesAnswer, ZFollowStatusAnswer, ZFollowTeamAnswer } from "@/domain/schemas/follows";
import { announceFollowsChanged } from "@/components/shell/follow-events";
import type { DialogComponentProps } from "./dialog-types";
import { useAwardPreview } from "./award-preview";
import { SMS_CONSENT_FIRST } from "@/domain/sms-consent";

interface PromoFollowProps {
  code: string;
  preview?: AwardPreview | null;
}

/** Follow a promo's team or series for pack alerts (docs/SCREENS.md §4.3); "You're all set!" once followed. */
export default function PromoFollowDialog({ props, close, setBusy }: DialogComponentProps<PromoFollowProps>) {
  const { status, update } = useSession();
  const { openModal } = useModal();
  const { preview, loadError } = useAwardPreview(props.code, props.preview);
  const [followError, setError] = useState<string | null>(null);
  const error = followError ?? loadError;
  const [followed, setFollowing] = useState(false);
  const [busy, setLocalBusy] = useState(false);
  const [smsConsent, setSmsConsent] = useState(false);

  const isSeries = preview?.targetType === "series";
  const statusPath = !preview
    ? null
    : isSeries
      ? `/api/follow/status?seriesId=${encodeURIComponent(preview.targetSeriesId ?? "")}`
      : `/api/follow/status?teamSlug=${encodeURIComponent(preview.targetSlug ?? "")}`;

  // A player who already follows it sees "You're all set!" at once.
  const followStatus = useApiQuery(status === "authenticated" ? statusPath : null, { schema: ZFollowStatusAnswer });
  const following =
    followed || (followStatus.state.status === "ready" && !!(followStatus.state.data.followsTeam || followStatus.state.data.followsSeries));

  async function follow() {
    if (!preview) return;
    if (!smsConsent) {
      setError(SMS_CONSENT_FIRST);
      return;
    }
    setError(null);
    if (!(await ensureSignedIn({ status, update, openModal, title: "Log in to follow", buttonLabel: "Verify & Follow", flowSaysSo: true })))
      return;
    setLocalBusy(true);
    setBusy(true);
    const answer = isSeries
      ? await apiFetch("/api/follow/series", {
          schema: ZFollowSeriesAnswer,
          body: { seriesId: preview.targetSeriesId, smsConsent },
          fallback: "Follow failed",
        })
      : await apiFetch("/api/follow/team", {
          schema: ZFollowTeamAnswer,
          body: { teamSlug: preview.targetSlug, smsConsent },
          fallback: "Follow failed",
        });
    if (answer.ok) {
      // Counts the promo's claim for the admin's "Claims" column; a refusal changes nothing for the player.
      await apiFetch("/api/awards/redeem", { schema: ZRedeemAwardAnswer, body: { code: props.code } });
      setFollowing(true);
      announceFollowsChanged();
    } else {
      setError(answer.error);
    }
    setLocalBusy(false);
    setBusy(false);
  }

  const targetName = preview?.targetName ?? "";
  const teamSlug = isSeries ? preview?.redirectTeamSlug : preview?.targetSlug;

  if (following && preview) {
    return (
      <Dialog
        title="You're all set!"
        actions={
          <>
            {teamSlug ? (
              <Link href={`/teams/${encodeURIComponent(teamSlug)}`} onClick={() => close()} className={buttonClass("secondary")}>
                Go to Team
              </Link>
            ) : null}
            <Button onClick={() => close()} data-autofocus>
              Close
            </Button>
          </>
        }
      >
        <p role="status" className="flex items-center gap-2 font-semibold">
          <Check size={18} className="text-won" aria-hidden="true" />
          {isSeries ? `You'll get alerts when packs of the ${targetName} series open.` : `You'll get alerts when ${targetName} packs open.`}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Follow to get pack alerts"
      actions={
        preview ? (
          <Button onClick={() => void follow()} disabled={busy} data-autofocus>
            {busy ? "Please wait…" : isSeries ? "Follow this series" : `Follow ${targetName}`}
          </Button>
        ) : null
      }
    >
      {!preview && !error ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          Loading…
        </p>
      ) : null}
      {preview ? (
        <>
          <CardImage src={preview.nextPackCoverUrl ?? preview.imageUrl ?? preview.teamLogoUrl} />
          {preview.nextEventTime ? (
            <p className="text-center font-bold">
              <Countdown targetTime={preview.nextEventTime} prefix="Next pack in" showSeconds={false} />
            </p>
          ) : null}
          <p className="mt-2 text-center">
            {preview.hasUpcomingOrLive
              ? `Upcoming or live packs are available for this ${isSeries ? "series" : "team"}.`
              : `We'll notify you when packs open for this ${isSeries ? "series" : "team"}.`}
          </p>
          <p className="mt-1 text-center text-sm text-muted">Make takes to win prizes in the team marketplace.</p>
          <SmsConsentCheckbox
            checked={smsConsent}
            onChange={setSmsConsent}
            label={`I agree to receive SMS notifications about ${targetName} pack drops. Message and data rates may apply.`}
          />
        </>
      ) : null}
      <div aria-live="assertive">{error ? <ErrorLine message={error} /> : null}</div>
    </Dialog>
  );
}
