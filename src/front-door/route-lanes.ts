// The route lanes, front-door side (docs/decisions/026-route-lane.md): the two requests of the
// kickoff rush that Next would render, a pack submission (`POST /api/packs/{packURL}/takes`, the
// hottest write) and the session answer (`GET /api/auth/session`, once per signed-in page load),
// are answered by their routes' own handlers, which the app offers through the bridge when Next
// loads the routes (src/server/http/route-lane.ts), called straight from Node's request instead of
// through Next's router. What Next would do around the handler, the lane does here: the web
// request, the body as a stream, the answer written back in one write.
//
// The body is read only as far as the handler reads it (an anonymous post of 600 KB gets its 401
// without being read). Whatever it left unread is then discarded, as Node does for a request
// nobody read, so the connection goes on to its next request: left paused, it was never answered
// again, and behind nginx other players' posts on that connection got 502s (issue 36).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LaneRequest, RouteLane } from "./bridge";
import { refuse } from "./request-edge";

/**
 * The request's body as a web stream that pulls from Node's request only when read, and
 * `release()`, which detaches a read still waiting (the handler may stop reading at its limit).
 */
function bodyOf(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; release(): void } {
  let detach = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const settle = () => {
            req.off("readable", tryRead);
            req.off("end", onEnd);
            req.off("error", onError);
            detach = () => {};
            resolve();
          };
          // The reader may have cancelled meanwhile: a closed controller refuses, which is fine.
          const safely = (step: () => void) => {
            try {
              step();
            } catch {
              // cancelled
            }
          };
          const tryRead = () => {
            const chunk = req.read() as Buffer | null;
            if (chunk !== null) {
              settle();
              safely(() => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
            } else if (req.readableEnded) onEnd();
          };
          const onEnd = () => {
            settle();
            safely(() => controller.close());
          };
          const onError = (error: Error) => {
            settle();
            safely(() => controller.error(error));
          };
          detach = settle;
          req.on("readable", tryRead);
          req.on("end", onEnd);
          req.on("error", onError);
          tryRead();
        });
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, release: () => detach() };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The lane for this request and the parameters its pattern captured, or null. */
function laneOf(lanes: readonly RouteLane[], req: IncomingMessage): { lane: RouteLane; match: RegExpExecArray } | null {
  if (!req.url) return null;
  const query = req.url.indexOf("?");
  const path = query === -1 ? req.url : req.url.slice(0, query);
  for (const lane of lanes) {
    if (req.method !== lane.method) continue;
    const match = lane.pattern.exec(path);
    if (match) return { lane, match };
  }
  return null;
}

/**
 * Answers `req` through its lane and returns true, or returns false for Next to answer it (another
 * method or path, no lane offered yet, a request the web Request cannot carry).
 */
export function serveRouteLane(lanes: readonly RouteLane[], req: IncomingMessage, res: ServerResponse): boolean {
  const found = laneOf(lanes, req);
  if (!found || !req.url) return false;
  const { lane, match } = found;
  let request: LaneRequest;
  // A GET has no body for the handler; whatever a client sent with one is discarded after the answer.
  const body = req.method === "GET" || req.method === "HEAD" ? { stream: null, release: () => {} } : bodyOf(req);
  try {
    const host = req.headers.host;
    if (!host) return false;
    request = {
      url: new URL(req.url, `http://${host}`),
      method: lane.method,
      headers: headersOf(req),
      body: body.stream,
      params: match.slice(1).map((value) => decodeURIComponent(value ?? "")),
    };
  } catch {
    // A Host or header the web Request refuses: Next's own parsing judges it.
    return false;
  }
  void answer(lane, request, req, res, body.release);
  return true;
}

async function answer(
  lane: RouteLane,
  request: LaneRequest,
  req: IncomingMessage,
  res: ServerResponse,
  release: () => void,
): Promise<void> {
  let response: Response;
  try {
    response = await lane.answer(request);
  } catch {
    // The app's side turns every error into its JSON answer; this is only a last guard.
    discardUnread(req, release);
    if (!res.headersSent) refuse(req, res, 500, "Something went wrong. Please try again.");
    return;
  }
  try {
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    headers["content-length"] = String(body.byteLength);
    discardUnread(req, release);
    // Head and body in one write.
    res.writeHead(response.status, headers);
    res.end(body);
  } catch {
    // The client went away, or the answer could not be written: nothing is left to tell it.
    if (!res.headersSent) res.destroy();
  }
}

/** Lets whatever the handler did not read flow past and be dropped, so the connection can go on. */
function discardUnread(req: IncomingMessage, release: () => void): void {
  release();
  if (!req.readableEnded) req.resume();
}
