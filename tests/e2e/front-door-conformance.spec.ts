import { expect, request as requestContext, test } from "@playwright/test";
import path from "node:path";
import { BASE_PORT } from "./env";
import { signInOverHttp } from "./helpers";
import { connect, request, type RawConnection } from "./raw-http";
import { freshRunDir, startAppServer, stopServer, waitUntilHealthy, type AppServer } from "./spawn-server";

// The front door's conformance suite (issue 36, docs/decisions/052-one-owned-server.md): HTTP as
// clients and proxies speak it, checked over raw connections against the production server (the
// front door in front of Next) and, in the same test, against Next's own server with no front door
// (`next start`), both on the build under test with the demo world. Whatever the front door does
// must leave HTTP at least as sound as Next alone: a connection goes on after any answer, however
// the request's body was refused; pipelining, `Expect: 100-continue` and HEAD work; a malformed
// path is a clear 400, not a 500; private headers from clients never reach the app; and a stop
// answers what is in flight and says `Connection: close`.

const PACK = "phillies-mets-tonight";
type Target = { name: "front door" | "Next alone"; server: AppServer; cookie: string };
const targets: Target[] = [];
// Every server started, signed in or not: one whose sign-in failed was left running, held its port,
// and answered the retry's sign-in from a run directory the retry had emptied (CI, 2026-12-01).
const started: AppServer[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const runDir = freshRunDir("front-door-conformance");
  const start = (name: Target["name"], port: number) =>
    startAppServer({
      port,
      databaseUrl: "",
      runDir,
      server: name === "front door" ? "front-door" : "next-start",
      env: { DATA_DIR: path.join(runDir, `data-${port}`) },
    });
  const servers = [start("front door", BASE_PORT + 17), start("Next alone", BASE_PORT + 18)] as const;
  started.push(...servers);
  await Promise.all(servers.map((server) => waitUntilHealthy(server)));
  for (const [i, name] of (["front door", "Next alone"] as const).entries()) {
    const server = servers[i]!;
    const api = await requestContext.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.19.40.${i + 1}` } });
    const token = await signInOverHttp(api, {
      baseURL: server.baseURL,
      phoneDigits: `5550194${i}01`,
      smsLogFile: server.smsLogFile,
      clientIp: `198.19.40.${i + 1}`,
    }).catch((error: unknown) => {
      // The server's own account of why (its log says what the sign-in's 502 does not).
      throw new Error(`${String(error)}\n${name}'s output:\n${server.output()}`);
    });
    await api.dispose();
    targets.push({ name, server, cookie: `next-auth.session-token=${token}` });
  }
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await Promise.all(started.map((server) => stopServer(server)));
});

/** Runs `check` against each server, so a failure names the one that broke. */
async function onEach(check: (target: Target, connection: () => Promise<RawConnection>) => Promise<void>) {
  for (const target of targets) {
    const open: RawConnection[] = [];
    try {
      await test.step(target.name, () =>
        check(target, async () => {
          const connection = await connect(target.server.port);
          open.push(connection);
          return connection;
        }),
      );
    } finally {
      for (const connection of open) connection.close();
    }
  }
}

/** Where the two servers differ, both answers are kept in the report and printed. */
function note(what: string, answer: string) {
  test.info().annotations.push({ type: what, description: answer });
  console.log(`${what}: ${answer}`);
}

const ping = request("GET", "/api/ping");
const json = { "Content-Type": "application/json" };

test("a keep-alive connection goes on after a signed-out post of 600 KB is refused unread", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    c.write(request("POST", `/api/packs/${PACK}/takes`, { headers: json, body: JSON.stringify({ padding: "x".repeat(600 * 1024) }) }));
    c.write(ping);
    expect((await c.next()).status).toBe(401);
    expect((await c.next()).status).toBe(200);
  });
});

test("a keep-alive connection goes on after a body no handler reads, and after a refused content type", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    c.write(request("GET", "/api/ping", { body: "y".repeat(200 * 1024) }));
    c.write(request("POST", "/api/sendCode", { headers: { "Content-Type": "text/plain" }, body: "z".repeat(100 * 1024) }));
    c.write(ping);
    expect((await c.next()).status).toBe(200);
    expect((await c.next()).status).toBe(415);
    expect((await c.next()).status).toBe(200);
  });
});

test("a body declared over the limit is refused, and the connection goes on or is closed, never left hanging", async () => {
  await onEach(async ({ cookie }, connection) => {
    const c = await connection();
    c.write(
      request("POST", `/api/packs/${PACK}/takes`, { headers: { ...json, Cookie: cookie }, body: Buffer.alloc(2 * 1024 * 1024, 0x20) }),
    );
    c.write(ping);
    const refused = await c.next();
    expect(refused.status).toBe(413);
    if (refused.headers.connection?.toLowerCase() === "close") expect(await c.closedWithin(5_000)).toBe(true);
    else expect((await c.next()).status).toBe(200);
  });
});

test("a chunked body read to the limit and refused leaves the connection serving", async () => {
  await onEach(async ({ cookie }, connection) => {
    const c = await connection();
    c.write(request("POST", `/api/packs/${PACK}/takes`, { headers: { ...json, Cookie: cookie, "Transfer-Encoding": "chunked" } }));
    const chunk = "w".repeat(16 * 1024);
    for (let i = 0; i < 8; i++) c.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    c.write("0\r\n\r\n");
    c.write(ping);
    expect((await c.next()).status).toBe(413);
    expect((await c.next()).status).toBe(200);
  });
});

test("pipelined requests are answered in order on one connection", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    c.write(Buffer.concat([ping, request("GET", "/api/health"), request("GET", "/api/nothing-here"), ping]));
    const statuses = [(await c.next()).status, (await c.next()).status, (await c.next()).status, (await c.next()).status];
    expect(statuses).toEqual([200, 200, 404, 200]);
  });
});

test("a client that sends Expect: 100-continue is told to go on, then answered", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    const body = JSON.stringify({ phone: "not a phone" });
    c.write(request("POST", "/api/sendCode", { headers: { ...json, Expect: "100-continue", "Content-Length": String(body.length) } }));
    expect((await c.next()).status).toBe(100);
    c.write(body);
    const answer = await c.next();
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
  });
});

test("HEAD is answered without a body, and the connection goes on", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    for (const path of ["/", "/leaderboard", "/api/ping"]) c.write(request("HEAD", path));
    c.write(ping);
    for (const path of ["/", "/leaderboard", "/api/ping"]) {
      const answer = await c.next({ head: true });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toBe("");
    }
    const after = await c.next();
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body)).toEqual({ success: true });
  });
});

test("a path whose escapes do not decode is a 400 from the front door (JSON under /api), where Next alone answers 500", async () => {
  const paths: Array<[string, string]> = [
    ["GET", "/api/profile/%zz"],
    ["GET", "/packs/%zz"],
    ["GET", "/teams/%ED%A0%80"],
    ["POST", "/api/packs/%zz/takes"],
  ];
  await onEach(async ({ name }, connection) => {
    const c = await connection();
    for (const [method, path] of paths) {
      c.write(request(method, path, method === "POST" ? { headers: json, body: "{}" } : {}));
      const answer = await c.next();
      note(`${name}: ${method} ${path}`, String(answer.status));
      if (name === "Next alone") continue;
      expect(answer.status, path).toBe(400);
      if (path.startsWith("/api/")) expect(JSON.parse(answer.body)).toEqual({ success: false, error: "That address is not valid." });
      else expect(answer.headers["content-type"]).toContain("text/html");
    }
    c.write(ping);
    expect((await c.next()).status).toBe(200);
  });
});

test("a client's own private headers never reach the app: its peer address is the connection's", async () => {
  await onEach(async ({ name }, connection) => {
    // Each request names another address in the private header; sign-in texts are limited to 20
    // an hour per address (docs/decisions/002-otp-rules.md).
    const c = await connection();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const body = JSON.stringify({ phone: `555017${String(i).padStart(4, "0")}` });
      c.write(request("POST", "/api/sendCode", { headers: { ...json, "X-Takes-Peer-Address": `203.0.113.${i + 1}` }, body }));
      statuses.push((await c.next()).status);
    }
    note(`${name}: 22 codes asked with forged peer addresses`, statuses.join(" "));
    // The front door replaced the header with the connection's address: the 21st is refused.
    if (name === "front door") expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

test("a client's x-middleware-subrequest does not skip the proxy: the page still carries its fresh nonce", async () => {
  await onEach(async (_, connection) => {
    const c = await connection();
    const policies: string[] = [];
    const variants: Array<Record<string, string>> = [
      {},
      { "x-middleware-subrequest": "src/proxy:src/proxy:src/proxy:src/proxy:src/proxy" },
    ];
    for (const headers of variants) {
      c.write(request("GET", "/login", { headers }));
      const answer = await c.next();
      expect(answer.status).toBe(200);
      policies.push(answer.headers["content-security-policy"] ?? "");
    }
    for (const policy of policies) expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  });
});

test("a client posing as the page cache's own request gets the page with its own nonce, like everyone", async () => {
  const [frontDoor] = targets;
  const c = await connect(frontDoor!.server.port);
  try {
    c.write(request("GET", "/login", { headers: { "X-Takes-Page-Fill": "1" } }));
    const answer = await c.next();
    expect(answer.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  } finally {
    c.close();
  }
});

test("a stop answers the request in flight with Connection: close, closes idle connections and exits 0", async () => {
  test.setTimeout(120_000);
  await onEach(async ({ name, server }, connection) => {
    const idle = await connection();
    idle.write(ping);
    expect((await idle.next()).status).toBe(200);
    // In flight: the head is in, the body is still on its way.
    const busy = await connection();
    const body = JSON.stringify({ phone: "5550177000" });
    busy.write(
      request("POST", "/api/sendCode", {
        headers: { ...json, "Content-Length": String(body.length), "X-Forwarded-For": `198.19.41.${name === "front door" ? 1 : 2}` },
      }),
    );
    busy.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    const idleClosed = await idle.closedWithin(3_000);
    busy.write(body.slice(5));
    const answer = await busy
      .next({ timeoutMs: 20_000 })
      .catch((error: Error) => ({ status: 0, headers: {} as Record<string, string>, body: error.message }));
    const code = await exited;
    note(
      `${name}: stop`,
      `in flight ${answer.status || answer.body} connection=${answer.headers.connection ?? "-"}; idle closed ${idleClosed}; exit ${code}`,
    );
    if (name === "Next alone") return;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection?.toLowerCase()).toBe("close");
    expect(await busy.closedWithin(3_000)).toBe(true);
    expect(idleClosed).toBe(true);
    expect(code).toBe(0);
  });
});
