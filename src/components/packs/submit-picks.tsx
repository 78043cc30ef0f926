// The submit flow of the pack page, loaded only when a player first submits
// (kept out of the page's first-load JavaScript).
import type { ReactNode } from "react";
import type { ModalApi } from "@/components/dialogs/modal-context";
import styles from "./pack-play.module.css";
import { checkWith } from "@/domain/schemas/standard";
import type { SavedTake } from "@/domain/schemas/play";
import type { ReviewedPick } from "@/components/dialogs/review-picks-dialog";

type OpenModal = ModalApi["openModal"];
export type Side = "A" | "B";

export type SubmitOutcome =
  | { kind: "saved"; receiptId: string; takes: Array<{ propID: string; propSide: Side; lockedValue: number }> }
  | { kind: "cancelled" }
  | { kind: "props-closed"; error: string; closedPropIds: string[] }
  | { kind: "pack-closed" }
  | { kind: "failed"; error: string };

/** A fresh idempotency key (works without a secure context, unlike randomUUID). */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The submission's answer, checked: stored (receipt and takes), or refused (why, and which props closed). */
type TakesAnswer =
  { stored: true; receiptId: string; takes: SavedTake[] } | { stored: false; error?: string; code?: string; closedPropIds?: string[] };

async function readTakesAnswer(response: Response): Promise<TakesAnswer> {
  // The answer's schemas load beside the request (decision 046): the deck is on the pack page's first load.
  const [{ VSubmitTakesAnswer, VSubmitTakesRefusal }, body] = await Promise.all([
    import("@/domain/schemas/play"),
    response.json().catch(() => null),
  ]);
  if (response.ok) {
    const stored = checkWith(VSubmitTakesAnswer, body);
    return stored.ok ? { stored: true, ...stored.value } : { stored: false };
  }
  const refused = checkWith(VSubmitTakesRefusal, body);
  return refused.ok ? { stored: false, ...refused.value } : { stored: false };
}

/**
 * Sends every pick in one request; a visitor (or an expired session) signs in
 * through loginRequired first, which stays open while the picks go out, so
 * "Takes Made" follows it directly. On success the "pack submitted" text is
 * requested and packCompleted opens.
 */
export async function submitPicks(input: {
  packURL: string;
  packTitle: string;
  picks: Array<{ propId: string; side: Side; take: string }>;
  idempotencyKey: string;
  signedIn: boolean;
  openModal: OpenModal;
}): Promise<SubmitOutcome> {
  const { packURL, packTitle, openModal } = input;
  let ref: string | null = null;
  try {
    ref = sessionStorage.getItem(`ref:${packURL}`);
  } catch {
    // Without storage the referral is simply not credited.
  }
  /** The server's answer, or "signed-out" (401). */
  const send = async (): Promise<TakesAnswer | "signed-out"> => {
    // Start loading the answer's schemas while the picks are on their way.
    void import("@/domain/schemas/play").catch(() => undefined);
    const response = await fetch(`/api/packs/${encodeURIComponent(packURL)}/takes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ takes: input.picks.map(({ propId, side }) => ({ propId, side })), idempotencyKey: input.idempotencyKey, ref }),
    });
    return response.status === 401 ? "signed-out" : readTakesAnswer(response);
  };
  let answer: TakesAnswer | "signed-out" | undefined;
  const login = async () => {
    answer = undefined;
    const afterSignIn = async () => {
      answer = await send();
    };
    return (await openModal("loginRequired", { afterSignIn })) === "signed-in";
  };
  try {
    if (!input.signedIn && !(await login())) return { kind: "cancelled" };
    answer ??= await send();
    if (answer === "signed-out") {
      if (!(await login())) return { kind: "cancelled" };
      answer ??= await send();
    }
    if (answer === "signed-out" || !answer.stored) {
      const body: TakesAnswer = answer === "signed-out" ? { stored: false } : answer;
      if (body.code === "props_closed") return { kind: "props-closed", error: body.error ?? "", closedPropIds: body.closedPropIds ?? [] };
      if (body.code === "pack_closed") return { kind: "pack-closed" };
      return { kind: "failed", error: body.error ?? "Something went wrong" };
    }
    const receiptId = answer.receiptId;
    void fetch("/api/notifyPackSubmitted", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ packURL, packTitle, receiptId }),
    }).catch(() => undefined);
    void openModal("packCompleted", { packURL, packTitle, receiptId, firstTake: input.picks[0]?.take });
    return { kind: "saved", receiptId, takes: answer.takes };
  } catch {
    return { kind: "failed", error: "Something went wrong" };
  }
}

/** What the deck hands to the submit flow: its picks and the setters for what the answer changes. */
export interface DeckSubmit {
  packURL: string;
  packTitle: string;
  /** Each pick with what the review shows of it (review-picks-dialog.tsx). */
  picks: Array<{ propId: string; side: Side } & ReviewedPick>;
  key: { current: string | null };
  signedIn: boolean;
  openModal: OpenModal;
  saved: Map<string, Side>;
  /** Every current take of the player on the pack, as the submission answered. */
  setSaved: (takes: Array<{ propID: string; propSide: Side; lockedValue: number }>) => void;
  setPicks: (update: (current: Map<string, Side>) => Map<string, Side>) => void;
  setClosedIds: (ids: string[]) => void;
  /** The server refused because the pack has closed: the deck turns read-only, picks kept. */
  setRefused: (refused: boolean) => void;
  /** The deck is sending: its cards and Submit take no presses (set once the review is confirmed). */
  setBusy: (busy: boolean) => void;
  /** The red banner above the submit button (null clears it). */
  setBanner: (banner: ReactNode) => void;
  alertIcon: ReactNode;
  retry: () => void;
}

/**
 * One press of "Submit": the review of the picks, then (on "Submit picks") reuses the idempotency key of a failed attempt (so a
 * retry cannot store twice), then shows the outcome on the deck — saved
 * picks, props that closed meanwhile, a closed pack, or "Nothing was saved."
 */
export async function runDeckSubmit(deck: DeckSubmit): Promise<void> {
  // The review comes first: what each pick pays and when it locks, then "Submit picks" or "Back to picks".
  const review = await deck.openModal("reviewPicks", {
    packTitle: deck.packTitle,
    picks: deck.picks.map(({ propId, take, value, locksAt }) => ({ propId, take, value, locksAt })),
  });
  if (review !== true) return;
  deck.setBusy(true);
  const banner = (text: string, retry = false) =>
    deck.setBanner(
      <p role="alert" className={styles.alert}>
        {deck.alertIcon}
        <span>
          {text}{" "}
          {retry ? (
            <button type="button" onClick={deck.retry} className="underline">
              Try again
            </button>
          ) : null}
        </span>
      </p>,
    );
  deck.setBanner(null);
  deck.key.current ??= newIdempotencyKey();
  const outcome = await submitPicks({ ...deck, idempotencyKey: deck.key.current });
  if (outcome.kind === "saved") {
    deck.key.current = null;
    deck.setSaved(outcome.takes);
  } else if (outcome.kind === "props-closed") {
    deck.key.current = null;
    deck.setClosedIds(outcome.closedPropIds);
    deck.setPicks((current) => new Map([...current].filter(([id]) => !outcome.closedPropIds.includes(id) || deck.saved.has(id))));
    banner(outcome.error);
  } else if (outcome.kind === "pack-closed") {
    // The deck turns read-only with the player's picks still on it; no reload takes them away.
    deck.key.current = null;
    deck.setRefused(true);
    banner("Pack is closed.");
  } else if (outcome.kind === "failed") {
    banner(`${outcome.error} — Nothing was saved.`, true);
  }
}
