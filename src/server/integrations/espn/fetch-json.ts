import "server-only";

/** Why an ESPN call failed, with the user-facing text of docs/PRODUCT.md §16 as `message`. */
export class EspnFetchError extends Error {
  constructor(
    readonly url: string,
    /** HTTP status when ESPN answered, null for timeouts and network failures. */
    readonly status: number | null,
    readonly detail: string,
    /** Why, in an admin's words (issue 41 item 7): "ESPN did not answer in 8 s", "ESPN answered 503 (3 tries)". */
    readonly reason: string = detail,
  ) {
    super("Fetch failed");
    this.name = "EspnFetchError";
  }
}

const tries = (attempts: number) => (attempts > 1 ? ` (${attempts} tries)` : "");

export interface FetchJsonOptions {
  timeoutMs?: number;
  /** Extra attempts after the first, only for 5xx answers, timeouts and network errors. */
  retries?: number;
  /** First backoff; doubled on each retry. */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
}

export interface FetchedJson {
  status: number;
  json: unknown;
  ms: number;
}

const DEFAULTS = { timeoutMs: 8_000, retries: 2, backoffMs: 300 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs a JSON document with a per-attempt timeout and bounded retries with
 * exponential backoff. A 4xx answer is final (retrying cannot fix it); a 5xx,
 * a timeout or a network error is retried. Never awaited inside a transaction.
 */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<FetchedJson> {
  const { timeoutMs, retries, backoffMs } = { ...DEFAULTS, ...options };
  const doFetch = options.fetchImpl ?? fetch;
  let lastError: EspnFetchError | undefined;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
    const started = Date.now();
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        cache: "no-store",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      lastError = new EspnFetchError(
        url,
        null,
        timedOut ? `timed out after ${timeoutMs} ms` : describe(error),
        (timedOut ? `ESPN did not answer in ${Math.round(timeoutMs / 100) / 10} s` : `ESPN could not be reached (${describe(error)})`) +
          tries(attempt + 1),
      );
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      lastError = new EspnFetchError(
        url,
        response.status,
        `upstream answered ${response.status}`,
        `ESPN answered ${response.status}, a server error${tries(attempt + 1)}`,
      );
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new EspnFetchError(
        url,
        response.status,
        `upstream answered ${response.status}`,
        response.status === 404 ? "ESPN answered 404: it has no such page" : `ESPN answered ${response.status}`,
      );
    }
    try {
      const json: unknown = await response.json();
      return { status: response.status, json, ms: Date.now() - started };
    } catch (error) {
      throw new EspnFetchError(url, response.status, `invalid JSON: ${describe(error)}`, "ESPN's answer was not JSON");
    }
  }
  throw lastError ?? new EspnFetchError(url, null, "no attempt made");
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

export interface ProbeResult {
  status: number | null;
  ms: number;
  json: unknown;
  /** Why there is no JSON: a network error, a timeout or a body that is not JSON. */
  error: string | null;
}

/**
 * One GET without retries that reports whatever happened (status, timing,
 * body), for the admin API tester. Bodies over `maxBytes` are not parsed.
 */
export async function probeJson(
  url: string,
  options: { timeoutMs?: number; maxBytes?: number; fetchImpl?: typeof fetch } = {},
): Promise<ProbeResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
    const text = await response.text();
    const ms = Date.now() - started;
    if (text.length > (options.maxBytes ?? 4_000_000))
      return { status: response.status, ms, json: null, error: "Response too large to show" };
    try {
      return { status: response.status, ms, json: JSON.parse(text), error: null };
    } catch {
      return { status: response.status, ms, json: null, error: "Response is not JSON" };
    }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { status: null, ms: Date.now() - started, json: null, error: timedOut ? `Timed out after ${timeoutMs} ms` : describe(error) };
  }
}
