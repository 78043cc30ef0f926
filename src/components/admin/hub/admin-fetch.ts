/** What every admin call answers: the JSON body on success, or the server's error message. */
export type AdminResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

/**
 * Calls one of our JSON APIs from an admin screen. Errors come back as the
 * server's `{success:false, error}` message, or `fallback` when the network or
 * the body fails.
 */
export async function adminFetch<T = Record<string, unknown>>(
  url: string,
  options: { method?: string; body?: unknown; fallback?: string; signal?: AbortSignal } = {},
): Promise<AdminResult<T>> {
  const fallback = options.fallback ?? "Something went wrong";
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: options.body === undefined ? undefined : { "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
      credentials: "same-origin",
      signal: options.signal,
    });
    const json = (await response.json().catch(() => null)) as ({ success?: boolean; error?: string } & T) | null;
    if (!response.ok || !json || json.success === false) {
      return { ok: false, error: json?.error || fallback, status: response.status };
    }
    return { ok: true, data: json };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, error: fallback, status: 0 };
  }
}
