"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import { ErrorLine } from "@/components/awards/error-line";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { announceBalanceChanged } from "@/components/shell/balance-events";
import { announceFollowsChanged } from "@/components/shell/follow-events";
import { CardImage } from "@/components/awards/card-image";
import { apiFetch } from "@/components/api/api-fetch";
import { ensureSignedIn } from "@/components/awards/ensure-signed-in";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { AWARD_MESSAGES, formatDiamonds, unavailableMessage } from "@/domain/awards";
import {
  ZAwardCheckAnswer,
  ZRedeemAwardAnswer,
  ZRedeemAwardRefusal,
  type AwardPreview,
  type RedeemAwardResult,
} from "@/domain/schemas/awards";
import { ZFollowStatusAnswer, ZFollowTeamAnswer } from "@/domain/schemas/follows";
import type { DialogComponentProps } from "./dialog-types";
import { useAwardPreview } from "./award-preview";
import type { AwardSuccessProps } from "./award-success-dialog";
import { SMS_CONSENT_FIRST } from "@/domain/sms-consent";

interface AwardClaimProps {
  code: string;
  preview?: AwardPreview | null;
  previewError?: string;
}

type Phase = "loading" | "checking" | "ready" | "claiming" | "error";

/** Claim a bonus (docs/SCREENS.md §4.3): sign in inside the flow, meet a follow-team requirement by following the card's team, then claim. */
export default function AwardClaimDialog({ props, replace, setBusy }: DialogComponentProps<AwardClaimProps>) {
  const { status, update } = useSession();
  const { openModal } = useModal();
  const { preview, loadError } = useAwardPreview(props.code, props.preview, props.previewError);
  // Once the preview is there: checking whether it is already theirs, ready, or claiming.
  const [claimPhase, setPhase] = useState<Phase>("ready");
  const phase: Phase = preview ? claimPhase : loadError ? "error" : "loading";
  const [claimError, setError] = useState<string | null>(null);
  const error = claimError ?? loadError;
  const [followsTeam, setFollowsTeam] = useState<boolean | null>(null);
  const [smsConsent, setSmsConsent] = useState(false);
  // Once the player presses the button, the claim answers "already" itself; the check below must not race it.
  const claimStarted = useRef(false);

  const success = useCallback(
    (form: AwardSuccessProps["form"], answer: Partial<RedeemAwardResult>, card: AwardPreview) =>
      replace("awardSuccess", {
        form,
        name: answer.name ?? card.name,
        tokens: answer.tokens ?? card.tokens,
        imageUrl: answer.imageUrl ?? card.imageUrl ?? card.teamLogoUrl,
        teamSlug: answer.redirectTeamSlug ?? card.redirectTeamSlug,
      } satisfies AwardSuccessProps),
    [replace],
  );

  // For a player, once the preview is there: whether this card is already theirs.
  useEffect(() => {
    if (!preview || status !== "authenticated" || claimStarted.current) return;
    let cancelled = false;
    setPhase("checking");
    void (async () => {
      const check = await apiFetch(`/api/awards/check?code=${encodeURIComponent(props.code)}`, { schema: ZAwardCheckAnswer });
      if (cancelled) return;
      if (check.ok && check.data.already) return success("already", {}, preview);
      if (preview.requirementTeamRouteSlug) {
        const follow = await apiFetch(`/api/follow/status?teamSlug=${encodeURIComponent(preview.requirementTeamRouteSlug)}`, {
          schema: ZFollowStatusAnswer,
        });
        if (!cancelled) setFollowsTeam(follow.ok ? !!follow.data.followsTeam : false);
      }
      if (!cancelled) setPhase("ready");
    })();
    return () => {
      cancelled = true;
    };
  }, [preview, status, props.code, success]);

  const needsTeam = !!preview?.requirementTeamName && followsTeam !== true;
  const teamName = preview?.requirementTeamName ?? "";

  async function claim() {
    if (!preview) return;
    if (needsTeam && !smsConsent) {
      setError(SMS_CONSENT_FIRST);
      return;
    }
    setError(null);
    claimStarted.current = true;
    const signedIn = await ensureSignedIn({
      status,
      update,
      openModal,
      title: needsTeam ? "Log in to follow" : "Log in to claim",
      buttonLabel: needsTeam ? "Verify & Follow" : "Verify & Claim",
      flowSaysSo: true,
    });
    if (!signedIn) {
      claimStarted.current = false;
      return;
    }
    setPhase("claiming");
    setBusy(true);
    try {
      const claim = () =>
        apiFetch("/api/awards/redeem", { schema: ZRedeemAwardAnswer, body: { code: props.code }, fallback: AWARD_MESSAGES.claimFailed });
      let answer = await claim();
      const refusal = answer.ok ? null : ZRedeemAwardRefusal.safeParse(answer.refusal);
      if (refusal?.success && refusal.data.code === "requirement_follow_team") {
        // The player just pressed "Follow the {team}": follow that team, then claim again. Asking
        // them to pick the team they already named was the picker that "asked again" (issue 23 item 11).
        const teamSlug = refusal.data.requirementTeamRouteSlug ?? preview.requirementTeamRouteSlug;
        const followed = teamSlug
          ? await apiFetch("/api/follow/team", { schema: ZFollowTeamAnswer, body: { teamSlug, smsConsent }, fallback: "Follow failed" })
          : null;
        if (!followed?.ok) {
          setError(followed?.error ?? "Follow failed");
          setPhase("ready");
          return;
        }
        setFollowsTeam(true);
        announceFollowsChanged();
        answer = await claim();
      }
      if (answer.ok) {
        announceBalanceChanged();
        return success(answer.data.already ? "already" : "added", answer.data, preview);
      }
      if (answer.error === AWARD_MESSAGES.notAvailable) return success("unavailable", {}, preview);
      setError(answer.error);
      setPhase("ready");
    } finally {
      setBusy(false);
    }
  }

  const loadingText = phase === "loading" ? "Loading…" : phase === "checking" ? "Checking your redemption…" : null;
  const available = preview?.status === "available";
  const title = preview && needsTeam ? `Get notified when ${teamName} packs drop` : "Claim your bonus";

  return (
    <Dialog
      title={title}
      actions={
        preview && available && phase !== "loading" && phase !== "checking" ? (
          <Button onClick={() => void claim()} disabled={phase === "claiming"} data-autofocus>
            {phase === "claiming" ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
            {needsTeam ? `Follow the ${teamName}` : "Claim Bonus"}
          </Button>
        ) : null
      }
    >
      {loadingText ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          {loadingText}
        </p>
      ) : null}
      {preview ? (
        <>
          <CardImage src={preview.imageUrl ?? preview.teamLogoUrl} />
          <p className="text-center text-lg font-bold">
            {needsTeam
              ? `Claim +${formatDiamonds(preview.tokens)} diamonds when you sign up for ${teamName} pack drops.`
              : available
                ? `${preview.name}: +${formatDiamonds(preview.tokens)} diamonds available`
                : `${preview.name}: +${formatDiamonds(preview.tokens)} diamonds`}
          </p>
          {!available ? <ErrorLine message={unavailableMessage(preview.status)} /> : null}
          {available && needsTeam ? (
            <SmsConsentCheckbox
              checked={smsConsent}
              onChange={setSmsConsent}
              label={`I agree to receive SMS notifications about ${teamName} pack drops. Message and data rates may apply.`}
            />
          ) : null}
        </>
      ) : null}
      <div aria-live="assertive">{error ? <ErrorLine message={error} /> : null}</div>
    </Dialog>
  );
}
