"use client";

import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useRouter } from "next/navigation";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";
import type { DeckKeyHandlers } from "./deck-keys";
import styles from "./pack-play.module.css";
import type { Side } from "./submit-picks";

export interface PlayProp {
  id: string;
  open: boolean;
  /** When the prop stops taking picks on its own (epoch ms), if before the pack closes. */
  closesAt: number | null;
  /** The viewer's saved side, when the server rendered the page for them (a closed pack); else loaded by the browser. */
  saved: Side | null;
  /** Side labels ("Giants") and current point values: the buttons read "{label}, {value} points". */
  shorts: Record<Side, string>;
  values: Record<Side, number>;
  takes: Record<Side, string>;
}

type SavedTake = { propID: string; propSide: Side; lockedValue: number };

const SIDES: Side[] = ["A", "B"];

const extras = () => import("./pack-play-extras");

/** The element of the pack hero that holds the player's own buttons (src/app/packs/[packURL]/page.tsx). */
export const MY_ACTIONS_SLOT = "my-pack-actions";
// Drawn only once a player has saved takes, so loaded with the deck's deferred code.
const MyPackButtons = lazy(() => extras().then((m) => ({ default: m.MyPackButtons })));
// A signed-in player's "Remind me" while the pack is open (decision 072): their own state, loaded after the shared page.
const RemindMeButton = lazy(() => extras().then((m) => ({ default: m.RemindMeButton })));

// The hero's ticking countdown shows nothing until mounted anyway, so its code
// loads after the first paint with the deck's other deferred code.
const LiveCountdown = lazy(() => extras().then((m) => ({ default: m.LiveCountdown })));

/** The pack hero's "Closes in …" countdown, loaded on demand. */
export function HeroCountdown(props: ComponentProps<typeof LiveCountdown>) {
  return (
    <Suspense fallback={null}>
      <LiveCountdown {...props} />
    </Suspense>
  );
}

/**
 * Device and server clocks count as agreeing within this: the time a page takes
 * to arrive and hydrate, plus how old a copy from the shared page cache may be
 * (src/front-door/page-cache.ts: 5 s fresh, 30 s more while it is refilled).
 */
const CLOCK_TOLERANCE_MS = 45_000;

/**
 * The server's clock as the page sees it, re-read as each boundary (a close
 * time) passes: the device's clock, unless it disagrees with the time the page
 * was rendered by more than a page load and a cached copy's age could explain;
 * then the server's, as a trivial request measures it. The first render uses
 * the render time, so hydration matches.
 */
function useClock(serverNow: number, boundaries: Array<number | null>): number {
  const [now, setNow] = useState(serverNow);
  const [offset, setOffset] = useState(0);
  const key = boundaries.join();
  useEffect(() => {
    if (Math.abs(serverNow - Date.now()) <= CLOCK_TOLERANCE_MS) return;
    let cancelled = false;
    extras()
      .then((m) => m.measureSkew())
      .then((skew) => !cancelled && setOffset(Math.abs(skew) > 2_000 ? skew : 0))
      .catch(() => !cancelled && setOffset(serverNow - Date.now()));
    return () => {
      cancelled = true;
    };
  }, [serverNow]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      clearTimeout(timer);
      const current = Date.now() + offset;
      setNow(current);
      const next = Math.min(...boundaries.filter((b): b is number => b !== null && b > current));
      // setTimeout holds at most ~24.8 days; a later boundary is re-read then.
      if (Number.isFinite(next)) timer = setTimeout(tick, Math.min(next - current + 1, 2 ** 31 - 1));
    };
    tick();
    // A phone in a pocket throttles timers: re-read the clock when the page shows again.
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", tick);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- boundaries are compared by value through `key`.
  }, [offset, key]);
  return now;
}

/**
 * The pack's card deck, side pickers, progress footer and submit button: the
 * one client island of the pack page. Card faces, side contents and icons
 * arrive rendered by the server; keyboard play, the referral invitation and
 * the submit flow load on demand, keeping the page's first load small.
 */
export function PackPlay({
  packId,
  packURL,
  packTitle,
  accepting,
  closesAt,
  serverNow,
  idleCaption,
  props,
  faces,
  sideFaces,
  cover,
  startIndex,
  referrer,
  icons,
  ownPicksFromBrowser,
}: {
  /** The pack's id: the key of its draft of picks not submitted yet (pick-draft.ts). */
  packId: string;
  packURL: string;
  packTitle: string;
  accepting: boolean;
  /** When the pack closes (epoch ms): the deck stops taking picks then, before any click. */
  closesAt: number | null;
  /** The server's clock when it rendered the page (epoch ms). */
  serverNow: number;
  /** What the footer says while the pack takes no picks ("Pack closed"). */
  idleCaption: string;
  props: PlayProp[];
  faces: ReactNode[];
  /** Omitted once the pack has closed: the faces then carry the read-only sides. */
  sideFaces?: Array<Record<Side, ReactNode>>;
  cover: ReactNode;
  startIndex: number;
  referrer: string | null;
  icons: Record<"prev" | "next" | "check" | "alert" | "pressed" | "share" | "receipt" | "bell", ReactNode>;
  /**
   * The page was rendered for everyone (an open or coming-soon pack served from the
   * shared page cache, docs/decisions/025-shared-page-cache.md): a signed-in
   * player's saved picks and locked values are loaded here.
   */
  ownPicksFromBrowser: boolean;
}) {
  const { openModal } = useModal();
  const { status, data } = useSession();
  const total = props.length;
  const [index, setIndex] = useState(Math.min(Math.max(startIndex, 0), total));
  const [saved, setSaved] = useState(() => new Map(props.flatMap((p) => (p.saved ? [[p.id, p.saved] as const] : []))));
  const [picks, setPicks] = useState(() => new Map(saved));
  // The value each saved pick was locked at, where it differs from today's price.
  const [locked, setLocked] = useState(() => new Map<string, number>());
  const [closedIds, setClosedIds] = useState<string[]>([]);
  const [hint, setHint] = useState("");
  const [banner, setBanner] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  // Once this browser's draft of the pack's picks has been read: only then is it written.
  const [restored, setRestored] = useState(false);
  const key = useRef<string | null>(null);
  const swipeX = useRef(0);
  const deckRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  // Bumped to bring the front card's sides into view and focus the card ("Play this pack" in an invite).
  const [playRequest, setPlayRequest] = useState(0);
  // The close times, and each of the last five minutes before the pack's close (the not-submitted warning).
  const now = useClock(serverNow, [closesAt, ...warningMinutes(closesAt), ...props.map((p) => p.closesAt)]);
  const router = useRouter();
  const player = status === "authenticated" ? (data?.user.id ?? null) : null;

  const remember = (takes: SavedTake[]) => {
    setSaved(new Map(takes.map((t) => [t.propID, t.propSide])));
    setLocked(new Map(takes.map((t) => [t.propID, t.lockedValue])));
  };
  useEffect(() => {
    if (!ownPicksFromBrowser || !player) return;
    let cancelled = false;
    extras()
      .then((m) => m.loadMyPicks(packURL))
      .then((mine) => {
        if (cancelled || !mine) return;
        remember(mine);
        // Picks made while this loaded stay; every other prop shows the saved side.
        setPicks((current) => new Map([...mine.map((t) => [t.propID, t.propSide] as const), ...current]));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Once per player: a sign-in on this page loads their picks.
  }, [player, ownPicksFromBrowser, packURL]);
  // The picks this browser kept of the pack, not submitted before a reload or a trip to sign in,
  // come back on top of the saved ones; a prop closed since then shows its pick as not saved.
  useEffect(() => {
    let cancelled = false;
    extras()
      .then((m) => {
        if (cancelled) return;
        const kept = accepting ? m.readDraft(packId).filter(([id]) => props.some((p) => p.id === id)) : [];
        if (kept.length) setPicks((current) => new Map([...current, ...kept]));
        setRestored(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per pack page
  }, []);
  // "Share my Takes" and "View receipt" go in the hero's slot once the player has saved takes.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(MY_ACTIONS_SLOT)), []);
  const handle = player ? data?.user.profileID : null;
  const myTakes = props.flatMap((p) => (saved.has(p.id) ? [p.takes[saved.get(p.id)!]] : []));
  /** What a side is worth to this player: the locked value of their saved side, else today's. */
  const valueOf = (p: PlayProp, side: Side) => (saved.get(p.id) === side ? (locked.get(p.id) ?? p.values[side]) : p.values[side]);

  // Open as the server rendered it, until its close time passes here or the server says it closed.
  const packOpen = accepting && !refused && (closesAt === null || now < closesAt);
  const propOpen = (p: PlayProp) => p.open && (p.closesAt === null || now < p.closesAt);
  const pickable = (p: PlayProp) => packOpen && propOpen(p) && !closedIds.includes(p.id);
  const canPick = (p: PlayProp) => pickable(p) && !busy;
  // Picks on props still open that are not saved as they are: submitted together, kept as the draft meanwhile.
  const unsaved = props.filter((p) => pickable(p) && picks.has(p.id) && picks.get(p.id) !== saved.get(p.id));
  const changed = busy ? [] : unsaved;
  // Once the pack takes no more picks, only saved ones count: a pick not submitted is not shown as made.
  const picked = accepting ? props.filter((p) => picks.has(p.id)).length : saved.size;
  const closedOnPage = accepting && !packOpen;
  // Picks not submitted when the pack closed on this page: said, not shown as if saved (issue 39 item 2).
  const [lostAtClose, setLostAtClose] = useState(0);
  const unsavedCount = unsaved.length;
  const unsavedWhileOpen = useRef(0);
  if (packOpen) unsavedWhileOpen.current = unsavedCount;
  useEffect(() => {
    if (closedOnPage && unsavedWhileOpen.current) setLostAtClose(unsavedWhileOpen.current);
  }, [closedOnPage]);
  // The pack closed here: the server renders it closed (the crowd split, the player's saved picks) once it
  // has closed there too. A copy from the shared page cache may be a few seconds behind, so ask again
  // until the page comes back closed (docs/decisions/025-shared-page-cache.md: 5 s fresh, 30 s stale).
  useEffect(() => {
    if (!closedOnPage) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const refresh = () => {
      router.refresh();
      if (++tries < 8) timer = setTimeout(refresh, 5_000);
    };
    timer = setTimeout(refresh, 1_000);
    return () => clearTimeout(timer);
  }, [closedOnPage, router]);
  const minutesLeft = closesAt === null ? Infinity : Math.ceil((closesAt - now) / 60_000);
  const move = (step: number) => setIndex((i) => (i === 0 && step < 0 ? total : Math.min(Math.max(i + step, 0), total)));
  const nextUnpicked = (after: number, chosen: Map<string, Side>) =>
    props.findIndex((q, i) => i > after && !chosen.has(q.id) && canPick(q)) + 1;
  const draft = unsaved.map((p): [string, Side] => [p.id, picks.get(p.id)!]);
  const draftKey = JSON.stringify(draft);
  // The draft follows the picks; it empties once they are saved, or their props or the pack close.
  useEffect(() => {
    if (restored)
      extras().then(
        (m) => m.saveDraft(packId, draft),
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft is compared by value through draftKey
  }, [restored, draftKey, packId]);

  const pick = (position: number, side: Side) => {
    const p = props[position];
    if (!p || !canPick(p)) return;
    const before = picks.get(p.id);
    const was = saved.get(p.id);
    const next = new Map(picks);
    if (before !== side) next.set(p.id, side);
    else if (was) next.set(p.id, was);
    else next.delete(p.id);
    setHint(before === side && was === side ? "Saved picks can be switched, not removed." : "");
    setPicks(next);
    key.current = null;
    const target = nextUnpicked(position, next);
    if (before !== side && target) setTimeout(() => setIndex(target), 350);
  };

  // A press of Submit opens the review first; the deck turns busy only once the picks are sent.
  const submitting = useRef(false);
  const submit = async () => {
    if (!changed.length || busy || submitting.current) return;
    submitting.current = true;
    const m = await extras();
    await m.runDeckSubmit({
      setBusy,
      packURL,
      packTitle,
      picks: changed.map((p) => {
        const side = picks.get(p.id)!;
        return { propId: p.id, side, take: p.takes[side], value: valueOf(p, side), locksAt: p.closesAt ?? closesAt };
      }),
      key,
      signedIn: status === "authenticated",
      openModal,
      saved,
      setSaved: remember,
      setPicks,
      setClosedIds,
      setRefused,
      setBanner,
      alertIcon: icons.alert,
      retry: () => void submit(),
    });
    submitting.current = false;
    setBusy(false);
  };

  const handlers = useRef<DeckKeyHandlers>(null!);
  handlers.current = { move, pickFront: (side) => pick(index - 1, side), submit: () => void submit() };
  const loading = status === "loading";
  useEffect(() => {
    if (loading) return;
    let stop: (() => void) | undefined;
    void extras().then(async (m) => {
      stop = m.startDeck({ handlers, openModal });
      const play =
        referrer && (await m.inviteFromReferrer({ referrer, packURL, packTitle, viewerHandle: data?.user.profileID, openModal }));
      if (play) {
        setIndex(nextUnpicked(-1, picks) || 1);
        setPlayRequest((n) => n + 1);
      }
    });
    return () => stop?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Once, as soon as the session is known; the handlers read the latest state through the ref.
  }, [loading]);

  // On arrival, and after "Play this pack", both sides of the front card are tappable: when the page's
  // header and the card leave them under a phone's fixed footer, the page scrolls just enough (issue 39
  // item 1). A page the browser restored to a scroll position, or opened at an anchor, is left where it is.
  useEffect(() => {
    if (playRequest === 0 && (window.scrollY > 0 || window.location.hash)) return;
    revealFront(deckRef.current?.children[index] as HTMLElement | undefined, footerRef.current, playRequest > 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival and on each "Play this pack", not on every move
  }, [playRequest]);

  const percent = total ? Math.round((picked / total) * 100) : 0;
  // What the picks on the deck pay if they all win, at the values they show.
  const toWin = accepting ? props.reduce((sum, p) => sum + (picks.has(p.id) ? valueOf(p, picks.get(p.id)!) : 0), 0) : 0;
  const front = props[index - 1];
  return (
    <>
      {slot && player && packOpen
        ? createPortal(
            <Suspense fallback={null}>
              <RemindMeButton packURL={packURL} icon={icons.bell} />
            </Suspense>,
            slot,
          )
        : null}
      {slot && handle && myTakes.length
        ? createPortal(
            <Suspense fallback={null}>
              <MyPackButtons packURL={packURL} packTitle={packTitle} handle={handle} takes={myTakes} icons={icons} />
            </Suspense>,
            slot,
          )
        : null}
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Props"
        ref={deckRef}
        inert={busy}
        className={styles.deck}
        onPointerDown={(event) => (swipeX.current = event.clientX)}
        onPointerUp={(event) => {
          const dx = event.clientX - swipeX.current;
          if (Math.abs(dx) > 48) move(dx < 0 ? 1 : -1);
        }}
      >
        {[cover, ...faces].map((face, i) => {
          const depth = i - index;
          const p = props[i - 1];
          return (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- tapping the cover is a pointer shortcut; the Next button and the arrow keys do the same from the keyboard
            <section
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={p ? `Prop ${i} of ${total}` : "Cover"}
              tabIndex={-1}
              data-closed={p && p.open && !pickable(p) ? "" : undefined}
              inert={depth !== 0}
              style={{
                gridArea: "1/1",
                zIndex: 9 - Math.abs(depth),
                transform: depth ? `translate(${depth * 10}px,${Math.abs(depth) * 8}px) rotate(${depth * 2}deg)` : undefined,
              }}
              className={`group/card ${styles.card} ${Math.abs(depth) > 2 ? "invisible" : ""}`}
              onClick={p ? undefined : () => setIndex(1)}
            >
              {face}
              {p && sideFaces ? (
                <div className={styles.sides}>
                  {SIDES.map((s) => (
                    <button
                      key={s}
                      type="button"
                      aria-pressed={picks.get(p.id) === s}
                      aria-label={`${p.shorts[s]}, to win ${valueOf(p, s)} points`}
                      disabled={!canPick(p)}
                      onClick={() => pick(i - 1, s)}
                      className={`group ${styles.side}`}
                    >
                      {sideFaces[i - 1]![s]}
                      {/* What the side pays, before and after it is picked (issue 40 item 1), stacked so
                          the take sentence beside it keeps its width on a phone. */}
                      <span className="tabular inline-flex shrink-0 items-center gap-1 rounded-2xl bg-page px-2 py-1 text-center text-xs font-semibold leading-tight group-aria-pressed:bg-accent-strong">
                        {icons.pressed}
                        <span>
                          <span className="block">to win </span>
                          <span className="block text-base font-bold">{valueOf(p, s)}</span>
                          <span className="block"> points</span>
                        </span>
                      </span>
                    </button>
                  ))}
                  {closedIds.includes(p.id) || (packOpen && !propOpen(p) && picks.has(p.id) && picks.get(p.id) !== saved.get(p.id)) ? (
                    <p className={styles.lost}>Closed before your pick was saved.</p>
                  ) : packOpen && !propOpen(p) ? (
                    <p className={styles.lost}>This prop is closed.</p>
                  ) : null}
                  {depth === 0 ? <p className={styles.note}>{hint}</p> : null}
                </div>
              ) : null}
            </section>
          );
        })}
      </div>

      {/* One short bar on a phone (issue 39 item 1): where the player is and how far along above the
          progress track, then Prev, Submit and Next in one row. */}
      <div ref={footerRef} className={styles.footer}>
        <div className={styles.status}>
          <span className="tabular font-bold" aria-live="polite">
            {front ? `${index} of ${total}` : "Swipe to Play"}
          </span>
          <p className={styles.caption}>
            {!accepting ? idleCaption : picked === total ? <>{icons.check} All props picked</> : `${percent}% complete`}
          </p>
        </div>
        <div className={styles.status}>
          {toWin ? <p className="text-xs text-muted">Your picks: to win up to {toWin.toLocaleString("en-US")} points</p> : null}
        </div>
        <div className={styles.track} role="progressbar" aria-label="Props picked" aria-valuenow={percent}>
          <div className={styles.bar} style={{ width: `${percent}%` }} />
        </div>
        <div role="status">
          {packOpen && unsavedCount && minutesLeft <= WARNING_MINUTES ? (
            <p className={styles.warn}>
              {icons.alert}
              <span>
                {unsavedCount} {unsavedCount === 1 ? "pick" : "picks"} not submitted — closes in {minutesLeft} min
              </span>
            </p>
          ) : null}
        </div>
        <div aria-live="assertive">
          {banner ??
            (lostAtClose ? (
              <p role="alert" className={styles.alert}>
                {icons.alert}
                <span>Pack closed before {lostAtClose === 1 ? "1 pick was" : `${lostAtClose} picks were`} submitted.</span>
              </p>
            ) : accepting && !packOpen ? (
              <p role="alert" className={styles.alert}>
                {icons.alert}
                <span>Pack is closed.</span>
              </p>
            ) : null)}
        </div>
        <div className={styles.steps}>
          <button type="button" onClick={() => move(-1)} disabled={!index} className={styles.step}>
            {icons.prev} Prev
          </button>
          {accepting ? (
            <button type="button" onClick={() => void submit()} disabled={!packOpen || !changed.length || busy} className={styles.submit}>
              {busy ? "Submitting..." : changed.length ? `Submit ${changed.length} Take${changed.length > 1 ? "s" : ""}` : "Submit Takes"}
            </button>
          ) : (
            <span className="flex-1" />
          )}
          <button
            type="button"
            onClick={() => move(1)}
            disabled={index === total}
            className={`${styles.step} ${front && picks.has(front.id) ? "text-accent" : ""}`}
          >
            Next {icons.next}
          </button>
        </div>
      </div>
    </>
  );
}

/** From this many minutes before the pack closes, a player with picks not submitted is told, minute by minute. */
const WARNING_MINUTES = 5;

/** The instants the warning's minute count changes: 5, 4, 3, 2 and 1 minute before the close. */
function warningMinutes(closesAt: number | null): number[] {
  if (closesAt === null) return [];
  return Array.from({ length: WARNING_MINUTES }, (_, i) => closesAt - (i + 1) * 60_000);
}

/** Scrolls the page just enough that the card's side buttons sit above a fixed footer, then focuses the card when asked. */
function revealFront(card: HTMLElement | undefined, footer: HTMLElement | null, focus: boolean) {
  if (!card) return;
  const sides = card.querySelectorAll<HTMLElement>("button[aria-pressed]");
  const last = sides[sides.length - 1];
  if (last && footer && getComputedStyle(footer).position === "fixed") {
    const overlap = last.getBoundingClientRect().bottom + 12 - footer.getBoundingClientRect().top;
    if (overlap > 0) window.scrollBy({ top: overlap, behavior: "instant" });
  }
  if (focus) card.focus({ preventScroll: true });
}
