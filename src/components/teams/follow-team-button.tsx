"use client";

import { useEffect, useState } from "react";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { ensureSignedIn } from "@/components/awards/ensure-signed-in";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { onFollowsChanged } from "@/components/shell/follow-events";
import { ZFollowStatusAnswer, ZFollowTeamAnswer } from "@/domain/schemas/follows";

type State = "unknown" | "not-following" | "following-busy" | "following" | "load-failed";

/** "Follow this team" → "Following…" → "Following" (docs/SCREENS.md §2.10); visitors sign in first. */
export function FollowTeamButton({ teamSlug, teamName }: { teamSlug: string; teamName: string }) {
  const { status, update } = useSession();
  const { openModal } = useModal();
  const read = useApiQuery(status === "authenticated" ? `/api/follow/status?teamSlug=${encodeURIComponent(teamSlug)}` : null, {
    schema: ZFollowStatusAnswer,
    keepPrevious: true,
  });
  // A dialog that follows for the player (a promo, the favourite-team picker): read again, showing
  // what was read before until the answer comes.
  useEffect(() => onFollowsChanged(read.retry), [read.retry]);
  // This button's own follow, while it runs and once it is done.
  const [own, setOwn] = useState<"busy" | "done" | null>(null);
  const loaded: State =
    status === "unauthenticated"
      ? "not-following"
      : status === "loading" || read.state.status === "loading"
        ? "unknown"
        : read.state.status === "error"
          ? "load-failed"
          : read.state.data.followsTeam
            ? "following"
            : "not-following";
  const state: State = own === "busy" ? "following-busy" : own === "done" ? "following" : loaded;
  const [error, setError] = useState<string | null>(null);
  // Following is open to all; the texts only to a player who ticks the box.
  const [smsConsent, setSmsConsent] = useState(false);

  async function follow() {
    setError(null);
    const signedIn = await ensureSignedIn({ status, update, openModal, title: "Log in to follow", buttonLabel: "Verify & Follow" });
    if (!signedIn) return;
    setOwn("busy");
    const answer = await apiFetch("/api/follow/team", {
      schema: ZFollowTeamAnswer,
      body: { teamSlug, smsConsent },
      fallback: "Could not follow",
    });
    setOwn(answer.ok ? "done" : null);
    if (!answer.ok) setError(answer.error);
  }

  if (state === "following") {
    return (
      <Button disabled aria-label={`Following ${teamName}`}>
        <Check size={16} aria-hidden="true" />
        Following
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-start sm:items-end">
      <Button onClick={() => void follow()} disabled={state === "following-busy" || state === "unknown"}>
        {state === "following-busy" ? "Following…" : "Follow this team"}
      </Button>
      {state === "not-following" ? (
        <SmsConsentCheckbox
          className="mt-2 max-w-64"
          checked={smsConsent}
          onChange={setSmsConsent}
          label={`Text me when ${teamName} packs open`}
        />
      ) : null}
      <p aria-live="assertive" className="mt-1 text-sm font-semibold text-lost">
        {state === "load-failed" ? "Could not load" : error}
      </p>
    </div>
  );
}
