"use client";

import { useEffect, useState } from "react";
import Link from "@/components/ui/link";
import { Check, Loader2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Countdown } from "@/components/ui/countdown";
import { Dialog } from "@/components/ui/dialog";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { CardImage } from "@/components/awards/card-image";
import { awardPreviewPath, callApi } from "@/components/awards/client-api";
import { ensureSignedIn } from "@/components/awards/ensure-signed-in";
import { ErrorLine } from "@/components/awards/error-line";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { AWARD_MESSAGES, type AwardPreview } from "@/domain/awards";
import { announceFollowsChanged } from "@/components/shell/follow-events";
import type { DialogComponentProps } from "./dialog-types";

interface PromoFollowProps {
  code: string;
  preview?: AwardPreview | null;
}

/** Follow a promo's team or series for pack alerts (docs/SCREENS.md §4.3); "You're all set!" once followed. */
export default function PromoFollowDialog({ props, close, setBusy }: DialogComponentProps<PromoFollowProps>) {
  const { status, update } = useSession();
  const { openModal } = useModal();
  const [preview, setPreview] = useState<AwardPreview | null>(props.preview ?? null);
  const [error, setError] = useState<string | null>(null);
  const [following, setFollowing] = useState(false);
  const [busy, setLocalBusy] = useState(false);
  const [smsConsent, setSmsConsent] = useState(true);

  useEffect(() => {
    if (preview) return;
    void callApi<AwardPreview>(awardPreviewPath(props.code)).then((answer) => {
      if (answer.ok) setPreview(answer.body as AwardPreview);
      else setError(answer.status === 404 || answer.status === 400 ? AWARD_MESSAGES.invalidCode : AWARD_MESSAGES.loadFailed);
    });
  }, [preview, props.code]);

  const isSeries = preview?.targetType === "series";
  const statusPath = !preview
    ? null
    : isSeries
      ? `/api/follow/status?seriesId=${encodeURIComponent(preview.targetSeriesId ?? "")}`
      : `/api/follow/status?teamSlug=${encodeURIComponent(preview.targetSlug ?? "")}`;

  useEffect(() => {
    if (!statusPath || status !== "authenticated") return;
    void callApi<{ followsTeam?: boolean; followsSeries?: boolean }>(statusPath).then((answer) => {
      if (answer.ok && (answer.body.followsTeam || answer.body.followsSeries)) setFollowing(true);
    });
  }, [statusPath, status]);

  async function follow() {
    if (!preview) return;
    setError(null);
    if (!(await ensureSignedIn({ status, update, openModal, title: "Log in to follow", buttonLabel: "Verify & Follow" }))) return;
    setLocalBusy(true);
    setBusy(true);
    const answer = isSeries
      ? await callApi("/api/follow/series", { body: { seriesId: preview.targetSeriesId, smsConsent } })
      : await callApi("/api/follow/team", { body: { teamSlug: preview.targetSlug, smsConsent } });
    if (answer.ok) {
      // Counts the promo's claim for the admin's "Claims" column; a refusal changes nothing for the player.
      await callApi("/api/awards/redeem", { body: { code: props.code } });
      setFollowing(true);
      announceFollowsChanged();
    } else {
      setError(answer.body.error ?? "Follow failed");
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
          {`You'll get alerts when ${targetName} packs open.`}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Follow to get pack alerts"
      actions={
        preview ? (
          <Button onClick={() => void follow()} disabled={busy || !smsConsent} data-autofocus>
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
              ? "Upcoming or live packs are available for this team."
              : "We'll notify you when packs open for this team."}
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
