import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BASE_PORT } from "./env";
import { freshRunDir, startAppServer, stopServer, waitUntilHealthy, type AppServer } from "./spawn-server";

// Issue 21: the per-address sign-in limits against a client that lies about
// its address, on the production build. Without a proxy (TRUSTED_PROXY_HOPS=0)
// forwarded headers must be ignored; behind a real nginx that appends the
// address it saw (TRUSTED_PROXY_HOPS=1) each client counts as its own address,
// whatever it writes itself. docs/decisions/002-otp-rules.md

const SENDS_PER_ADDRESS_PER_HOUR = 20;
const directPort = BASE_PORT + 7;
const proxiedAppPort = BASE_PORT + 8;
const nginxPort = BASE_PORT + 9;
const nginxBinary = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => candidate && existsSync(candidate));

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** POST /api/sendCode over a real TCP connection, optionally from a given loopback address. */
function sendCode(
  baseURL: string,
  phone: string,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = JSON.stringify({ phone });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseURL}/api/sendCode`,
      {
        method: "POST",
        localAddress: options.localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...options.headers },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] as string | undefined }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Headers a liar rotates on every request: a new address in every header that could name one. */
const forgedHeaders = (index: number): Record<string, string> => ({
  "x-forwarded-for": `198.51.${index}.${index + 1}`,
  "x-real-ip": `198.51.${index}.${index + 2}`,
  "x-takes-peer-address": `198.51.${index}.${index + 3}`,
  forwarded: `for=198.51.${index}.${index + 4}`,
});

const phone = (prefix: string, index: number) => `${prefix}${String(index).padStart(3, "0")}`;

function textsTo(smsLogFile: string, prefix: string): number {
  if (!existsSync(smsLogFile)) return 0;
  return readFileSync(smsLogFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { to: string }).to.includes(prefix)).length;
}

test.describe("a server with no proxy in front (TRUSTED_PROXY_HOPS=0, the default)", () => {
  let server: AppServer | undefined;

  test.beforeAll(async () => {
    const runDir = freshRunDir("hostile-direct");
    server = startAppServer({
      port: directPort,
      databaseUrl: "",
      runDir,
      env: { TRUSTED_PROXY_HOPS: "0", DATA_DIR: path.join(runDir, "data") },
    });
    await waitUntilHealthy(server);
  });
  test.afterAll(() => stopServer(server));

  test("one client rotating X-Forwarded-For, X-Real-IP and the peer header is refused at its 21st text; another machine is not", async () => {
    const answers: Answer[] = [];
    for (let index = 0; index < SENDS_PER_ADDRESS_PER_HOUR + 5; index++) {
      answers.push(await sendCode(server!.baseURL, phone("5557100", index), { headers: forgedHeaders(index) }));
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toEqual([...Array<number>(SENDS_PER_ADDRESS_PER_HOUR).fill(200), ...Array<number>(5).fill(429)]);
    expect(Number(answers.at(-1)!.retryAfter)).toBeGreaterThan(0);
    expect(textsTo(server!.smsLogFile, "5557100")).toBe(SENDS_PER_ADDRESS_PER_HOUR);

    // The server tells connections apart by their own address: another machine still gets its code.
    expect((await sendCode(server!.baseURL, phone("5557101", 0), { localAddress: "127.0.0.2" })).status).toBe(200);
  });
});

test.describe("a server behind nginx (TRUSTED_PROXY_HOPS=1)", () => {
  test.skip(!nginxBinary, "nginx is not installed (apt-get install -y nginx): this check needs a real proxy");

  let server: AppServer | undefined;
  let nginx: ChildProcess | undefined;
  let nginxOutput = "";
  const proxyURL = `http://127.0.0.1:${nginxPort}`;

  test.beforeAll(async () => {
    const runDir = freshRunDir("hostile-nginx");
    server = startAppServer({
      port: proxiedAppPort,
      databaseUrl: "",
      runDir,
      env: { TRUSTED_PROXY_HOPS: "1", DATA_DIR: path.join(runDir, "data") },
    });
    const config = path.join(runDir, "nginx.conf");
    writeFileSync(
      config,
      `daemon off;
master_process off;
worker_processes 1;
pid ${runDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${runDir}/nginx-body;
  proxy_temp_path ${runDir}/nginx-proxy;
  fastcgi_temp_path ${runDir}/nginx-fastcgi;
  uwsgi_temp_path ${runDir}/nginx-uwsgi;
  scgi_temp_path ${runDir}/nginx-scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://127.0.0.1:${proxiedAppPort};
      proxy_buffering off;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    nginx = spawn(nginxBinary!, ["-e", "stderr", "-p", runDir, "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stdout!.on("data", (chunk: Buffer) => (nginxOutput += chunk.toString("utf8")));
    nginx.stderr!.on("data", (chunk: Buffer) => (nginxOutput += chunk.toString("utf8")));
    await waitUntilHealthy(server);
    await expect
      .poll(
        async () => {
          if (nginx!.exitCode !== null) throw new Error(`nginx exited:\n${nginxOutput}`);
          return fetch(`${proxyURL}/api/health`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 20_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await stopServer(server);
  });

  test("two clients on different addresses are limited separately, and forging X-Forwarded-For through nginx does not help", async () => {
    // 127.0.0.2 lies about its address in every header on every request; nginx appends the real one.
    const liar: Answer[] = [];
    for (let index = 0; index < SENDS_PER_ADDRESS_PER_HOUR + 3; index++) {
      liar.push(await sendCode(proxyURL, phone("5557200", index), { localAddress: "127.0.0.2", headers: forgedHeaders(index) }));
    }
    expect(liar.map((answer) => answer.status)).toEqual([
      ...Array<number>(SENDS_PER_ADDRESS_PER_HOUR).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    expect(Number(liar.at(-1)!.retryAfter)).toBeGreaterThan(0);
    expect(textsTo(server!.smsLogFile, "5557200")).toBe(SENDS_PER_ADDRESS_PER_HOUR);

    // 127.0.0.3 is someone else: it still gets its own 20, and is refused at its 21st too.
    const neighbour: number[] = [];
    for (let index = 0; index < SENDS_PER_ADDRESS_PER_HOUR + 1; index++) {
      neighbour.push((await sendCode(proxyURL, phone("5557300", index), { localAddress: "127.0.0.3" })).status);
    }
    expect(neighbour).toEqual([...Array<number>(SENDS_PER_ADDRESS_PER_HOUR).fill(200), 429]);
  });
});
