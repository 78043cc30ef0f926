// GET /api/live/stream?events=a,b: server-sent events with each game's live reading as it changes
// (docs/decisions/053-game-day-live.md). One stream per browser tab; every stream of this instance
// is fed by one LISTEN on the database (src/server/live/hub.ts). A browser reconnecting sends
// Last-Event-ID and receives the current reading of every game it watches.
import { ZLiveQuery } from "@/domain/schemas/player-requests";
import { readQuery, withPublic } from "@/server/http/api";
import { liveHub, type LiveViewer } from "@/server/live/hub";

export const dynamic = "force-dynamic";

/** A stream whose reader has fallen this far behind (a stalled tab, a dead link) is closed rather than buffered. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export const GET = withPublic(async ({ req }) => {
  const { events } = readQuery(req, ZLiveQuery);
  const encoder = new TextEncoder();
  let remove: (() => void) | undefined;
  let open = true;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const finish = () => {
          if (!open) return;
          open = false;
          remove?.();
          try {
            controller.close();
          } catch {
            // Already closed by the reader going away.
          }
        };
        const viewer: LiveViewer = {
          eventIds: new Set(events),
          write(chunk) {
            if (!open) return;
            if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) return finish();
            controller.enqueue(chunk);
          },
          end: finish,
        };
        // The browser waits 3 s before reconnecting after a drop (a deploy, a proxy restart).
        controller.enqueue(encoder.encode("retry: 3000\n: live\n\n"));
        req.signal.addEventListener("abort", finish);
        void liveHub()
          .add(viewer)
          .then((unregister) => {
            remove = unregister;
            if (!open) unregister();
          });
      },
      cancel() {
        open = false;
        remove?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: no compressor on the way (Next's, a proxy's) may hold events back to fill a block.
      "cache-control": "no-store, no-transform",
      // nginx passes the events on as they come (deploy/nginx.conf buffers nothing anyway).
      "x-accel-buffering": "no",
    },
  });
});
