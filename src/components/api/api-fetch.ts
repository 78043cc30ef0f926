import { checkWith, type SchemaOutput, type StandardSchema } from "@/domain/schemas/standard";

/**
 * What a call answers: the parsed answer, or the server's error message (or `fallback`), the status
 * (0: no answer) and the refusal's whole body, unchecked, for a screen that reads more of it
 * (a `code`, the team to follow) through a schema of its own with checkWith.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number; refusal?: unknown };

/**
 * Calls one of our JSON APIs and parses its answer with the endpoint's answer schema, the same
 * schema the route answers through (src/domain/schemas/, `okThrough` in src/server/http/api.ts):
 * a screen works with what was checked, never with an unchecked cast of network data. An error
 * comes back as the server's `{success:false, error}` message; a network failure, a body that is
 * not JSON, or an answer that does not match its schema as `fallback`.
 */
export async function apiFetch<S extends StandardSchema>(
  url: string,
  options: { schema: S | (() => Promise<S>); method?: string; body?: unknown; fallback?: string; signal?: AbortSignal },
): Promise<ApiResult<SchemaOutput<S>>> {
  const fallback = options.fallback ?? "Something went wrong";
  // Code on a page's first load passes a loader (`() => import(...)`): the schema, and the schema
  // library with it, then load beside the request instead of with the page (decision 046).
  const schema = typeof options.schema === "function" ? options.schema() : Promise.resolve(options.schema);
  // A loader that fails surfaces at the await below, not as an unhandled rejection meanwhile.
  schema.catch(() => undefined);
  let response: Response;
  let json: unknown;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: options.body === undefined ? undefined : { "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
      credentials: "same-origin",
      signal: options.signal,
    });
    json = await response.json().catch(() => null);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, error: fallback, status: 0 };
  }
  const body = isRecord(json) ? json : null;
  if (!response.ok || !body || body.success !== true) {
    const message = typeof body?.error === "string" && body.error ? body.error : fallback;
    return body?.success === false
      ? { ok: false, error: message, status: response.status, refusal: body }
      : { ok: false, error: message, status: response.status };
  }
  let loaded: S;
  try {
    loaded = await schema;
  } catch {
    return { ok: false, error: fallback, status: 0 };
  }
  const checked = checkWith(loaded, body);
  if (!checked.ok) return { ok: false, error: fallback, status: response.status };
  return { ok: true, data: checked.value };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
