// A local OpenAI-compatible chat completions server for tests: it records
// each request (method, path, headers, JSON body) and answers with a canned
// completion, an error status, or a stall.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedAiRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { model?: string; messages?: Array<{ role: string; content: string }> } & Record<string, unknown>;
}

export interface OpenAiTestServer {
  /** Value for OPENAI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: RecordedAiRequest[];
  /** What the next requests get: a reply text, or an HTTP status to fail with. */
  respondWith(answer: { content?: string; status?: number }): void;
  close(): Promise<void>;
}

export async function startOpenAiServer(): Promise<OpenAiTestServer> {
  const requests: RecordedAiRequest[] = [];
  let answer: { content?: string; status?: number } = { content: "A test preview." };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      let body: RecordedAiRequest["body"] = {};
      try {
        body = JSON.parse(raw || "{}");
      } catch {
        body = { unparsable: raw };
      }
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body,
      });
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (answer.status && answer.status >= 400) {
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "failure" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: answer.content ?? "" } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
