import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMessage {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/**
 * A stand-in for Twilio's Messages endpoint on a local port: records every
 * message and answers as Twilio does, or with `failWith` when set.
 */
export async function startFakeTwilio() {
  const received: ReceivedMessage[] = [];
  const state = { failWith: null as number | null, nextSid: 1 };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      res.setHeader("content-type", "application/json");
      if (state.failWith) {
        res.statusCode = state.failWith;
        res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: state.failWith }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(state.nextSid++).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    failWith(status: number | null) {
      state.failWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
