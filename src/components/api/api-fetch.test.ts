// The typed client (issue 22 item 3): a screen gets either an answer its schema has checked or
// an error message it can show, whatever the server or the network did. A real HTTP server plays
// the far end.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { z } from "zod";
import { apiFetch } from "./api-fetch";

const ZAnswer = z.object({ summary: z.object({ sent: z.number().int(), failed: z.number().int() }) });
// The same contract in valibot, as the player pages' answers are written (decision 046).
const VAnswer = v.object({ summary: v.object({ sent: v.pipe(v.number(), v.integer()), failed: v.pipe(v.number(), v.integer()) }) });

let server: http.Server;
let base: string;
const seen: Array<{ method: string; body: string; type: string | undefined }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method!, body, type: req.headers["content-type"] });
      const send = (status: number, text: string) => res.writeHead(status, { "content-type": "application/json" }).end(text);
      if (req.url === "/ok") return send(200, JSON.stringify({ success: true, summary: { sent: 3, failed: 1, secret: "x" }, extra: true }));
      if (req.url === "/conflict") return send(409, JSON.stringify({ success: false, error: "Grade the pack first." }));
      if (req.url === "/broken-contract") return send(200, JSON.stringify({ success: true, summary: { sent: "three" } }));
      if (req.url === "/not-json") return res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
      if (req.url === "/no-success") return send(200, JSON.stringify({ summary: { sent: 1, failed: 0 } }));
      send(404, JSON.stringify({ success: false, error: "" }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("apiFetch", () => {
  it("gives a screen the answer its schema checked, without fields the schema does not name", async () => {
    const answer = await apiFetch(`${base}/ok`, { schema: ZAnswer });
    expect(answer).toEqual({ ok: true, data: { summary: { sent: 3, failed: 1 } } });
    expect(seen.at(-1)).toMatchObject({ method: "GET", body: "" });
  });

  it("checks an answer with a valibot schema exactly as with a zod one", async () => {
    expect(await apiFetch(`${base}/ok`, { schema: VAnswer })).toEqual({ ok: true, data: { summary: { sent: 3, failed: 1 } } });
    expect(await apiFetch(`${base}/broken-contract`, { schema: VAnswer, fallback: "Could not load" })).toEqual({
      ok: false,
      error: "Could not load",
      status: 200,
    });
  });

  it("sends a body as JSON with a POST unless told otherwise", async () => {
    await apiFetch(`${base}/ok`, { schema: ZAnswer, body: { grades: [] } });
    expect(seen.at(-1)).toEqual({ method: "POST", body: '{"grades":[]}', type: "application/json" });
    await apiFetch(`${base}/ok`, { schema: ZAnswer, method: "PATCH", body: {} });
    expect(seen.at(-1)?.method).toBe("PATCH");
  });

  it("passes on the server's own error message and status", async () => {
    // The refusal's whole body comes along, for a screen that reads more of it than the message.
    expect(await apiFetch(`${base}/conflict`, { schema: ZAnswer, fallback: "Could not resend" })).toEqual({
      ok: false,
      error: "Grade the pack first.",
      status: 409,
      refusal: { success: false, error: "Grade the pack first." },
    });
    // An empty error message is no message: the screen's own words stand in.
    expect(await apiFetch(`${base}/missing`, { schema: ZAnswer, fallback: "Could not load" })).toMatchObject({
      ok: false,
      error: "Could not load",
      status: 404,
    });
  });

  it("refuses an answer that breaks its contract, or is not one of ours, instead of handing it on", async () => {
    expect(await apiFetch(`${base}/broken-contract`, { schema: ZAnswer, fallback: "Could not load" })).toEqual({
      ok: false,
      error: "Could not load",
      status: 200,
    });
    expect(await apiFetch(`${base}/no-success`, { schema: ZAnswer, fallback: "Could not load" })).toEqual({
      ok: false,
      error: "Could not load",
      status: 200,
    });
    expect(await apiFetch(`${base}/not-json`, { schema: ZAnswer, fallback: "Could not load" })).toEqual({
      ok: false,
      error: "Could not load",
      status: 502,
    });
  });

  it("answers a network failure with the screen's words and status 0, and lets an abort through", async () => {
    const closed = http.createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/ok`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await apiFetch(url, { schema: ZAnswer, fallback: "You are offline" })).toEqual({
      ok: false,
      error: "You are offline",
      status: 0,
    });
    const controller = new AbortController();
    controller.abort();
    await expect(apiFetch(`${base}/ok`, { schema: ZAnswer, signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
