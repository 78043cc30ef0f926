// Browser calls of the award, follow and subscription APIs. Every call answers
// {ok, status, body}; a network failure reads as status 0 with no body.

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: Partial<T> & { success?: boolean; error?: string; code?: string };
}

export async function callApi<T = Record<string, unknown>>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => ({}))) as ApiAnswer<T>["body"];
    return { ok: response.ok && body.success === true, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: {} };
  }
}

export const awardPreviewPath = (code: string) => `/api/awards/preview?code=${encodeURIComponent(code)}`;
