"use client";

import { AlertLine } from "@/components/ui/alert-line";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Swords } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import { Button } from "@/components/ui/button";
import { ZCreateChallengeRequest } from "@/domain/schemas/h2h";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { VChallengeCreated, VOpponentsAnswer } from "@/domain/schemas/play";

/** What the server knows of a typed name (GET /api/h2h/opponents). */
const lookUpPath = (typed: string) => `/api/h2h/opponents?q=${encodeURIComponent(typed)}`;
const lookUp = (typed: string) => apiFetch(lookUpPath(typed), { schema: VOpponentsAnswer });

/**
 * Challenge a player by username on a pack; visitors sign in first. Names are
 * suggested as they are typed (past opponents first) and the name is checked
 * before the confirmation, never after it (issue 39 item 6). Creating it texts
 * the opponent, so the button says so and a confirmation names who is texted
 * before anything is sent. Goes to the new matchup page.
 */
export function ChallengeForm({
  packURL,
  packTitle,
  initialOpponent = "",
}: {
  packURL: string;
  packTitle: string;
  initialOpponent?: string;
}) {
  const router = useRouter();
  const { status } = useSession();
  const { openModal } = useModal();
  const ids = useId();
  const [opponent, setOpponent] = useState(initialOpponent);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // Suggestions as the name is typed, for a signed-in player (a short pause first: one request per pause, not per key).
  const typed = opponent.trim().replace(/^@/, "");
  // The last names found stay offered while the next are looked up.
  const asking = status === "authenticated" && !!typed;
  const found = useApiQuery(asking ? lookUpPath(typed) : null, { schema: VOpponentsAnswer, delayMs: 200, keepPrevious: true });
  const suggestions = asking && found.state.status === "ready" ? found.state.data.players : [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = ZCreateChallengeRequest.safeParse({ packURL, opponent });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Enter a username to challenge.");
    if (status !== "authenticated") {
      const result = await openModal("loginRequired");
      if (result !== "signed-in") return;
    }
    // The name is checked before anything is confirmed: a typo is said here, with the names it may have meant.
    const found = await lookUp(checked.data.opponent);
    if (!found.ok) return setError(found.error);
    if (!found.data.exact) {
      // Names like it: starting the same, else with its first three letters (a typo further on).
      const shorter = found.data.players.length ? null : await lookUp(checked.data.opponent.slice(0, 3));
      const near = (shorter?.ok ? shorter.data : found.data).players.map((p) => `@${p.handle}`);
      return setError(
        `No player called @${checked.data.opponent}.${near.length ? ` Did you mean ${near.slice(0, 3).join(", ")}?` : " Check the username."}`,
      );
    }
    if (found.data.exact.isMe) return setError("You can't challenge yourself.");
    const handle = found.data.exact.handle;
    const confirmed = await openModal("confirm", {
      title: `Challenge @${handle}?`,
      message: `We'll text @${handle} a link to accept or decline your head-to-head on ${packTitle}.`,
      confirmLabel: "Send & Text",
    });
    if (!confirmed) return;
    setSending(true);
    setError(null);
    try {
      const answer = await apiFetch("/api/h2h", { schema: VChallengeCreated, body: { ...checked.data, opponent: handle } });
      if (!answer.ok) throw new Error(answer.error);
      router.push(answer.data.url);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-3 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <p className="text-muted">
        Pick a player to go head-to-head with on <span className="font-semibold text-ink">{packTitle}</span>. Whoever wins more props (then
        more points) takes the matchup. We&apos;ll text them a link to answer.
      </p>
      <label htmlFor={`${ids}-opponent`} className="font-semibold">
        Opponent&apos;s username
      </label>
      <input
        id={`${ids}-opponent`}
        autoCapitalize="none"
        spellCheck={false}
        placeholder="e.g. gridiron_gus"
        value={opponent}
        onChange={(event) => {
          setOpponent(event.target.value);
          setError(null);
        }}
        list={`${ids}-suggestions`}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        className="block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink placeholder:text-muted aria-[invalid=true]:border-lost"
      />
      <datalist id={`${ids}-suggestions`}>
        {suggestions.map((player) => (
          <option key={player.handle} value={player.handle} label={player.played ? "Played before" : undefined} />
        ))}
      </datalist>
      <AlertLine message={error} id={`${ids}-error`} />
      <div>
        <Button type="submit" disabled={sending}>
          <Swords size={16} aria-hidden="true" /> {sending ? "Sending…" : "Send Challenge by Text"}
        </Button>
      </div>
    </form>
  );
}
