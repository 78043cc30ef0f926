"use client";

import { useEffect, useState } from "react";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { apiFetch } from "@/components/api/api-fetch";
import { ensureSignedIn } from "@/components/awards/ensure-signed-in";
import { SmsConsentCheckbox } from "@/components/awards/sms-consent-checkbox";
import { onFollowsChanged } from "@/components/shell/follow-events";
import { ZFollowStatusAnswer, ZFollowTeamAnswer } from "@/domain/schemas/follows";

type State = "unknown" | "not-following" | "following-busy" | "following" | "load-failed";

/** "Follow this team" → "Following…" → "Following" (docs/SCREENS.md §2.10); visitors sign in first. */
export function FollowTeamButton({ teamSlug, teamName }: { teamSlug: string; teamName: string }) {
  const { status, update } = useSession();
  const { openModal } = useModal();
  const [state, setState] = useState<State>("unknown");
  const [error, setError] = useState<string | null>(null);
  // Following is open to all; the texts only to a player who ticks the box.
  const [smsConsent, setSmsConsent] = useState(false);
  // Bumped when a dialog follows for the player (a promo, the favourite-team picker): read again.
  const [reads, setReads] = useState(0);
  useEffect(() => onFollowsChanged(() => setReads((n) => n + 1)), []);

  useEffect(() => {
    if (status === "loading") return;
    if (status === "unauthenticated") {
      setState("not-following");
      return;
    }
    void apiFetch(`/api/follow/status?teamSlug=${encodeURIComponent(teamSlug)}`, { schema: ZFollowStatusAnswer }).then((answer) => {
      if (!answer.ok) setState("load-failed");
      else setState(answer.data.followsTeam ? "following" : "not-following");
    });
  }, [status, teamSlug, reads]);

  async function follow() {
    setError(null);
    const signedIn = await ensureSignedIn({ status, update, openModal, title: "Log in to follow", buttonLabel: "Verify & Follow" });
    if (!signedIn) return;
    setState("following-busy");
    const answer = await apiFetch("/api/follow/team", {
      schema: ZFollowTeamAnswer,
      body: { teamSlug, smsConsent },
      fallback: "Could not follow",
    });
    if (answer.ok) {
      setState("following");
    } else {
      setState("not-following");
      setError(answer.error);
    }
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
