// The request edge against the production build (docs/decisions/017-request-edge.md):
// a page on another origin of the same site auto-submits forms at a signed-in
// player's API, and a client streams a 100 MB chunked body at a JSON route.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { signInAs } from "./helpers";

const PLAYER_PHONE = "5555553501";

/**
 * Serves one HTML page from another port of the app's own host: another
 * origin, but the same site, so the browser still sends the player's
 * SameSite=Lax session cookie with the page's form posts.
 */
async function serveAttackPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const followsYankees = async (page: Page) => {
  const answer = await page.request.get("/api/follow/status?teamSlug=yankees");
  return ((await answer.json()) as { followsTeam?: boolean }).followsTeam;
};

test.describe("hostile requests at the production build", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a form auto-submitted from another origin of the same site follows nothing for the signed-in player", async ({ page }) => {
    await signInAs(page, PLAYER_PHONE, "/teams/yankees");
    expect(await followsYankees(page)).toBe(false);

    for (const enctype of ["text/plain", "application/x-www-form-urlencoded"]) {
      // The text/plain trick: the field name and value concatenate into a JSON document.
      const attack = await serveAttackPage(`<!doctype html><title>Win a prize</title>
        <form id="f" method="post" action="${E2E.baseURL}/api/follow/team" enctype="${enctype}">
          <input type="hidden" name='{"teamSlug":"yankees","x":"' value='"}'>
        </form>
        <script>document.getElementById("f").submit()</script>`);
      try {
        const posted = page.waitForResponse((response) => response.url() === `${E2E.baseURL}/api/follow/team`);
        await page.goto(attack.url);
        const answer = await posted;
        expect(answer.status(), enctype).toBe(403);
        expect(await answer.json()).toEqual({ success: false, error: "Cross-origin requests are not allowed." });
      } finally {
        await attack.close();
      }
    }
    await page.goto("/teams/yankees");
    expect(await followsYankees(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Follow this team" })).toBeVisible();
  });

  test("a text/plain post from the app's own origin follows nothing either; the app's own JSON post does", async ({ page }) => {
    await signInAs(page, PLAYER_PHONE, "/teams/yankees");
    const post = (contentType: string) =>
      page.evaluate(async (type) => {
        const response = await fetch("/api/follow/team", {
          method: "POST",
          headers: { "Content-Type": type },
          body: JSON.stringify({ teamSlug: "yankees" }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }, contentType);
    expect(await post("text/plain")).toEqual({
      status: 415,
      body: { success: false, error: "Send the request body as application/json." },
    });
    expect(await followsYankees(page)).toBe(false);
    expect((await post("application/json")).status).toBe(200);
    expect(await followsYankees(page)).toBe(true);
  });

  test("a 100 MB chunked body is refused with 413 within seconds, and the server's memory barely moves", async () => {
    await expectRefusedQuickly("/api/sendCode", "phone", {});
  });

  test("so is one at the pack submission, which the route lane answers past Next's router", async ({ page }) => {
    // A signed-in player's stream: signed out, the route refuses with 401 before reading any body.
    await signInAs(page, PLAYER_PHONE, "/");
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await expectRefusedQuickly("/api/packs/giants-commanders-week-12/takes", "idempotencyKey", { cookie });
  });
});

async function expectRefusedQuickly(path: string, field: string, headers: Record<string, string>) {
  const serverPids = appServerProcessTree(Number(E2E.port));
  expect(serverPids.length, `no next start process found for port ${E2E.port}`).toBeGreaterThan(0);
  await streamAtJsonRoute(path, field, headers, 1024 * 1024); // warm up the path once
  const before = rssBytes(serverPids);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(serverPids));
  }, 50);
  const startedAt = Date.now();
  const answer = await streamAtJsonRoute(path, field, headers, 100 * 1024 * 1024).finally(() => clearInterval(sampler));
  peak = Math.max(peak, rssBytes(serverPids));

  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Request body is too large." });
  expect(Date.now() - startedAt).toBeLessThan(5_000);
  expect(answer.bytesWritten, "the server answered long before the whole body was sent").toBeLessThan(100 * 1024 * 1024);
  expect(peak - before, `RSS grew from ${before} to ${peak} bytes`).toBeLessThan(50 * 1024 * 1024);
}

/**
 * Streams up to `totalBytes` of one JSON string value (`field`) at POST `path`
 * with Transfer-Encoding: chunked (no Content-Length), stopping as soon as the
 * answer arrives.
 */
function streamAtJsonRoute(
  path: string,
  field: string,
  headers: Record<string, string>,
  totalBytes: number,
): Promise<{ status: number; body: string; bytesWritten: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "é".repeat(32 * 1024));
    let bytesWritten = 0;
    let answered = false;
    const request = http.request(`${E2E.baseURL}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), bytesWritten });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(new Error(`${error.message} after ${bytesWritten} bytes of ${totalBytes}`));
    });
    const pump = () => {
      const opening = `{"${field}":"`;
      request.write(opening);
      bytesWritten += opening.length;
      const next = () => {
        while (!answered && bytesWritten < totalBytes) {
          bytesWritten += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", next);
        }
        if (!answered) request.end('"}');
      };
      next();
    };
    pump();
  });
}

/**
 * The process listening on `port` (the shared `next start` server; Next renames
 * its process title, so it is found by its socket) and its descendants.
 */
function appServerProcessTree(port: number): number[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const listening = new Set(
    ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A")
        .map((fields) => `socket:[${fields[9]}]`),
    ),
  );
  const processes = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, "utf8"))?.[1]);
        let listens = false;
        try {
          listens = readdirSync(`/proc/${name}/fd`).some((fd) => listening.has(readlinkSync(`/proc/${name}/fd/${fd}`)));
        } catch {
          // not ours to read, or gone
        }
        return [{ pid: Number(name), parent, listens }];
      } catch {
        return [];
      }
    });
  const tree = processes.filter((entry) => entry.listens).map((entry) => entry.pid);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, parent } of processes) {
      if (tree.includes(parent) && !tree.includes(pid)) {
        tree.push(pid);
        grew = true;
      }
    }
  }
  return tree;
}

function rssBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      total += kb * 1024;
    } catch {
      // exited
    }
  }
  return total;
}
