import "server-only";

/**
 * Whether this server can reach the hosts our imported pictures come from (ESPN's CDN), measured
 * by the server, so that a page served where that host cannot be reached points its pictures at
 * the drawn ones at once (docs/decisions/045-pictures-drawn-when-offline.md, "Drawn from the
 * start"). The browser's own fallback (components/shell/picture-fallback.ts) still catches any
 * single picture that fails; this only spares an offline page the failed request, the swap and a
 * late largest picture.
 *
 * - Only the origins listed in PICTURE_HOSTS are checked (default https://a.espncdn.com, where
 *   every imported logo, headshot and cover lives); `PICTURE_HOSTS=off` turns the check off (a
 *   server whose outbound traffic is blocked while its players' browsers are not).
 * - A check asks the origin's root with HEAD and a short timeout: any HTTP answer means
 *   reachable, a failed lookup, refused connection or timeout means not.
 * - Until the first check has answered, a host counts as reachable: pages keep the real picture.
 *   Results are kept for a while and checked again in the background when a page asks after that.
 *
 * The same list is the only place the server fetches pictures from (team logos drawn into event
 * covers) and the only place an admin may put a team's logo: `allowedPictureUrl`
 * (docs/decisions/051-picture-hosts-allow-list.md). With the check off, that list is ESPN's CDN.
 */

const DEFAULT_HOSTS = "https://a.espncdn.com";
const CHECK_TIMEOUT_MS = 3_000;
const KEEP_REACHABLE_MS = 30 * 60_000;
const KEEP_UNREACHABLE_MS = 2 * 60_000;

type HostState = { reachable: boolean | undefined; checkedAt: number; checking: Promise<void> | undefined };

// On globalThis: Next bundles the instrumentation hook and each route apart, each with its own
// copy of this module, and the check made at start must be the one every page reads.
const registry = globalThis as unknown as Record<symbol, Map<string, HostState> | undefined>;
const STATES = Symbol.for("takes.pictureHosts");
const states: Map<string, HostState> = (registry[STATES] ??= new Map());

let parsed: { value: string; origins: string[] } | undefined;

/** The origins checked, from PICTURE_HOSTS (comma separated origins), or none when it is "off". */
export function pictureHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = (env.PICTURE_HOSTS ?? DEFAULT_HOSTS).trim();
  if (parsed?.value !== value) parsed = { value, origins: parseOrigins(value) };
  return parsed.origins;
}

function parseOrigins(value: string): string[] {
  if (value === "" || value.toLowerCase() === "off") return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => {
      try {
        const url = new URL(entry);
        return url.protocol === "https:" || url.protocol === "http:" ? [url.origin] : [];
      } catch {
        return [];
      }
    });
}

/**
 * The origins the server may fetch pictures from and an admin may put a team's logo on: the
 * listed ones, or ESPN's CDN when the check is off. Never every host: "off" turns the check off,
 * not the allow-list, and a list none of whose entries is an origin allows nothing.
 */
export function allowedPictureOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = (env.PICTURE_HOSTS ?? DEFAULT_HOSTS).trim();
  return value === "" || value.toLowerCase() === "off" ? [DEFAULT_HOSTS] : pictureHosts(env);
}

/**
 * `url` parsed, when the server may fetch it: http(s), no user name or password, and its origin
 * (scheme, host and port) exactly one of allowedPictureOrigins. An http origin is allowed only
 * where it is listed (the tests' local hosts); otherwise null.
 */
export function allowedPictureUrl(url: string, env: NodeJS.ProcessEnv = process.env): URL | null {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    return null;
  }
  if (parsedUrl.protocol !== "https:" && parsedUrl.protocol !== "http:") return null;
  if (parsedUrl.username !== "" || parsedUrl.password !== "") return null;
  return allowedPictureOrigins(env).includes(parsedUrl.origin) ? parsedUrl : null;
}

function check(origin: string, state: HostState): Promise<void> {
  state.checking ??= fetch(`${origin}/`, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
    .then(
      (response) => {
        void response.body?.cancel();
        return true;
      },
      () => false,
    )
    .then((reachable) => {
      state.reachable = reachable;
      state.checkedAt = Date.now();
      state.checking = undefined;
    });
  return state.checking;
}

function stateOf(origin: string): HostState {
  let state = states.get(origin);
  if (!state) {
    state = { reachable: undefined, checkedAt: 0, checking: undefined };
    states.set(origin, state);
  }
  return state;
}

/** Checks every listed host now (at start, so the first pages already know); resolves when all have answered. */
export async function checkPictureHosts(): Promise<void> {
  await Promise.all(pictureHosts().map((origin) => check(origin, stateOf(origin))));
}

/** True only when the host of `url` is a listed one and its latest check failed. Starts a fresh check when the last is old. */
export function pictureHostDown(url: string): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (!pictureHosts().includes(origin)) return false;
  const state = stateOf(origin);
  const keep = state.reachable === false ? KEEP_UNREACHABLE_MS : KEEP_REACHABLE_MS;
  if (!state.checking && Date.now() - state.checkedAt > keep) void check(origin, state);
  return state.reachable === false;
}

/** The URL the drawn picture for `url` is served at (the same one the browser's fallback asks for). */
export function drawnPictureUrl(url: string, style: "badge" | "cover" = "badge"): string {
  return `/api/art?src=${encodeURIComponent(url)}${style === "cover" ? "&as=cover" : ""}`;
}

/** What a server-rendered <img> shows for the remote picture `url`: the picture, or its drawing when its host is known to be unreachable. */
export function pictureSrc(url: string, style: "badge" | "cover" = "badge"): string {
  return pictureHostDown(url) ? drawnPictureUrl(url, style) : url;
}

/** For tests: forget every check. */
export function forgetPictureHostChecks(): void {
  states.clear();
}

/** Cards whose covers show through pictureSrc: the same cards, with a drawn cover where its host is known to be down. */
export function withPictureCovers<T extends { coverUrl: string | null }>(cards: T[]): T[] {
  return cards.map((card) =>
    card.coverUrl && pictureHostDown(card.coverUrl) ? { ...card, coverUrl: drawnPictureUrl(card.coverUrl, "cover") } : card,
  );
}
