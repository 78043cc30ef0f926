"use client";

import { useCallback, useEffect, useState, type ReactNode } from "react";
import { AlertCircle, Loader2 } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import type { SchemaOutput, StandardSchema } from "@/domain/schemas/standard";

/**
 * One way for a screen to read one of our JSON APIs and show it (issue 38 item 2): `useApiQuery`
 * fetches through apiFetch and the endpoint's answer schema (docs/decisions/046-one-typed-contract.md),
 * and `<LoadState>` shows its loading, error and empty states, so that a screen writes only what it
 * shows once the answer is there.
 */

/** Where one read stands: still waiting, failed with the server's message (or the fallback), or answered. */
export type ApiQueryState<T> =
  { status: "loading" } | { status: "error"; error: string; httpStatus: number } | { status: "ready"; data: T };

export interface ApiQuery<T> {
  state: ApiQueryState<T>;
  /** Reads again (the error state's "Try again", or news that the answer changed); meanwhile the loading state, or with `keepPrevious` the last answer. */
  retry: () => void;
  /** Changes the answer in place after a write on this screen, without reading again. */
  setData: (update: (current: T) => T) => void;
}

type Answered<T> = { key: string; state: ApiQueryState<T> };

/**
 * Reads `url` (null: not yet, e.g. an input is missing) and parses the answer with `schema`.
 * A new url or a retry aborts the read in flight, and an answer that comes after its inputs changed
 * or the screen closed is dropped, never shown for the wrong inputs. `delayMs` waits for a pause in
 * typing before asking. With `keepPrevious`, the last answer stays on screen while the next one is
 * read (no loading flash between pages of a filter); without it, a new url shows the loading state.
 */
export function useApiQuery<S extends StandardSchema>(
  url: string | null,
  options: { schema: S | (() => Promise<S>); fallback?: string; delayMs?: number; keepPrevious?: boolean },
): ApiQuery<SchemaOutput<S>> {
  type T = SchemaOutput<S>;
  const { schema, fallback, delayMs, keepPrevious } = options;
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState<Answered<T> | null>(null);
  const key = `${attempt}:${url}`;

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const read = () =>
      apiFetch(url, { schema, fallback, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setAnswered({
            key,
            state: answer.ok ? { status: "ready", data: answer.data } : { status: "error", error: answer.error, httpStatus: answer.status },
          });
        },
        // Only an abort rejects (apiFetch answers every other failure): the inputs changed or the screen closed.
        () => undefined,
      );
    const timer = delayMs ? setTimeout(read, delayMs) : null;
    if (!timer) void read();
    return () => {
      if (timer) clearTimeout(timer);
      controller.abort();
    };
    // The schema and fallback are fixed per screen; a new url (or a retry) is what reads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a loader passed inline would otherwise read on every render
  }, [key, delayMs]);

  const previous = keepPrevious && answered?.state.status === "ready" ? answered.state : null;
  const state: ApiQueryState<T> = answered?.key === key ? answered.state : (previous ?? { status: "loading" });
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback(
    (update: (current: T) => T) =>
      setAnswered((current) =>
        current?.state.status === "ready" ? { ...current, state: { status: "ready", data: update(current.state.data) } } : current,
      ),
    [],
  );
  return { state, retry, setData };
}

/**
 * The loading, error and empty states of a read, with the texts each screen has always shown
 * (browser tests read them): `loading` beside a spinner in a role="status" line, the error (the
 * server's message, or `error` in its place) in a role="alert" line with "Try again" when `onRetry`
 * is given, and `empty` when `isEmpty` says the answer has nothing to list. A string `empty` is
 * shown as the centred muted line; any other node stands as it is.
 */
export function LoadState<T>(props: {
  state: ApiQueryState<T>;
  loading?: ReactNode;
  error?: ReactNode | ((message: string, httpStatus: number) => ReactNode);
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  onRetry?: () => void;
  /** Extra classes for the loading and error lines (padding where the screen had it). */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const { state, className } = props;
  if (state.status === "loading") {
    return (
      <p role="status" className={className ? `flex items-center gap-2 text-muted ${className}` : "flex items-center gap-2 text-muted"}>
        <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {props.loading ?? "Loading…"}
      </p>
    );
  }
  if (state.status === "error") {
    const message = typeof props.error === "function" ? props.error(state.error, state.httpStatus) : (props.error ?? state.error);
    return (
      <div role="alert" className={className}>
        <p className="flex items-center gap-2 font-semibold text-lost">
          <AlertCircle size={16} aria-hidden="true" />
          {message}
        </p>
        {props.onRetry ? (
          <button type="button" onClick={props.onRetry} className="mt-2 min-h-11 font-semibold text-accent hover:underline">
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  if (props.isEmpty?.(state.data)) {
    return typeof props.empty === "string" ? <p className="py-6 text-center text-muted">{props.empty}</p> : props.empty;
  }
  return props.children(state.data);
}
