import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// The shipped deploy/nginx.conf, run by a real nginx in front of app instances started by a spec
// (behind-a-proxy.spec.ts, live-behind-a-proxy.spec.ts): the site file operators install, with its
// placeholders filled in, inside a minimal nginx.conf of the spec's own run directory.

const root = path.resolve(import.meta.dirname, "../..");

/** The nginx to run (NGINX_PATH, or the distribution's); undefined skips the specs that need one. */
export const nginxBinary = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find(
  (candidate) => candidate && existsSync(candidate),
);
export const NEEDS_NGINX = "nginx is not installed (apt-get install -y nginx): this check needs a real proxy";

/** One line of nginx's access log (deploy/nginx.conf's takes_upstream format). */
export interface AccessLine {
  client: string;
  method: string;
  uri: string;
  status: number;
  upstream: string;
  upstream_status: string;
  request_id: string;
  seconds: string;
}

export interface DeployedProxy {
  port: number;
  url: string;
  accessLog: string;
  /** The access log from line `from` on. */
  accessLines(from?: number): AccessLine[];
  /** Stops nginx (SIGTERM) and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts nginx with deploy/nginx.conf listening on `port` in front of `appPorts` (each
 * `max_fails=1 fail_timeout=5s`, as the file says to write them), its files in `runDir`, and
 * waits until /api/health answers 200 through it.
 */
export async function startDeployedProxy(options: { runDir: string; port: number; appPorts: number[] }): Promise<DeployedProxy> {
  if (!nginxBinary) throw new Error(NEEDS_NGINX);
  const { runDir, port, appPorts } = options;
  const url = `http://127.0.0.1:${port}`;
  const accessLog = path.join(runDir, "access.log");
  const values: Record<string, string> = {
    listen: `127.0.0.1:${port}`,
    app_servers: appPorts.map((appPort) => `server 127.0.0.1:${appPort} max_fails=1 fail_timeout=5s;`).join("\n  "),
    access_log: accessLog,
  };
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .split("\n")
    .map((line) =>
      line.trimStart().startsWith("#") ? line : line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`),
    )
    .join("\n");
  const unfilled = site.split("\n").filter((line) => !line.trimStart().startsWith("#") && line.includes("{{"));
  expect(unfilled, "every placeholder of deploy/nginx.conf is filled in").toEqual([]);
  writeFileSync(path.join(runDir, "takes.conf"), site);
  const config = path.join(runDir, "nginx.conf");
  writeFileSync(
    config,
    `daemon off;
master_process off;
worker_processes 1;
pid ${runDir}/nginx.pid;
error_log ${runDir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${runDir}/nginx-body;
  proxy_temp_path ${runDir}/nginx-proxy;
  fastcgi_temp_path ${runDir}/nginx-fastcgi;
  uwsgi_temp_path ${runDir}/nginx-uwsgi;
  scgi_temp_path ${runDir}/nginx-scgi;
  include ${runDir}/takes.conf;
}
`,
  );
  const nginx = spawn(nginxBinary, ["-e", "stderr", "-p", runDir, "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  nginx.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  nginx.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));

  const proxy: DeployedProxy = {
    port,
    url,
    accessLog,
    accessLines(from = 0) {
      if (!existsSync(accessLog)) return [];
      return readFileSync(accessLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .slice(from)
        .map((line) => JSON.parse(line) as AccessLine);
    },
    async stop() {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return;
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    },
  };
  await expect
    .poll(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
        return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
          (answer) => answer.status,
          () => 0,
        );
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  return proxy;
}
