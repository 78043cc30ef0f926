import { createServer, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMessage {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
  /** When it arrived (Date.now()): the measured sending rate. */
  at: number;
}

interface CreatedMessage {
  sid: string;
  to: string;
  body: string;
  date_created: string;
}

/**
 * A stand-in for Twilio's Messages endpoint on a local port: records every
 * message and answers as Twilio does, or with `failWith` when set. Like Twilio
 * it creates the message before it answers, and lists messages to a number
 * (`GET Messages.json?To=`, newest first). `holdFrom(n)` keeps the n-th and
 * later sends unanswered (created, no reply: a slow far end) until `release()`.
 */
export async function startFakeTwilio() {
  const received: ReceivedMessage[] = [];
  const created: CreatedMessage[] = [];
  const held: ServerResponse[] = [];
  const state = { failWith: null as number | null, nextSid: 1, holdFrom: Infinity, lookups: 0 };
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const answerCreated = (res: ServerResponse, message: CreatedMessage) => {
    res.statusCode = 201;
    res.end(JSON.stringify({ sid: message.sid, status: "queued", to: message.to, body: message.body, date_created: message.date_created }));
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      const url = new URL(req.url ?? "/", "http://fake-twilio");
      if (req.method === "GET") {
        state.lookups++;
        const to = url.searchParams.get("To");
        const messages = created.filter((message) => !to || message.to === to).reverse();
        res.end(JSON.stringify({ messages, page: 0, page_size: 50 }));
        return;
      }
      received.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(raw)),
        at: Date.now(),
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (state.failWith) {
        res.statusCode = state.failWith;
        res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: state.failWith }));
        return;
      }
      const form = received.at(-1)!.form;
      const message = {
        sid: `SM${String(state.nextSid++).padStart(32, "0")}`,
        to: form.To ?? "",
        body: form.Body ?? "",
        // Twilio's date format (RFC 2822).
        date_created: new Date().toUTCString(),
      };
      created.push(message);
      if (received.length >= state.holdFrom) {
        held.push(res);
        return;
      }
      answerCreated(res, message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    created,
    lookups: () => state.lookups,
    failWith(status: number | null) {
      state.failWith = status;
    },
    /** The n-th send (1-based) and every later one is created but not answered until release(). */
    holdFrom(n: number) {
      state.holdFrom = n;
    },
    release() {
      state.holdFrom = Infinity;
      for (const res of held.splice(0)) if (!res.destroyed) res.destroy();
    },
    /** Resolves once `count` sends have arrived. */
    waitForSends(count: number) {
      return received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
