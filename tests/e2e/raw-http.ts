import net from "node:net";

// HTTP/1.1 spoken by hand over one TCP connection, for checks that a client library would hide:
// several requests on one keep-alive connection, pipelining, `Expect: 100-continue`, HEAD, bytes a
// browser would never send. It reads responses as a client must (status line, headers, then the
// body by Content-Length or chunks; none after HEAD, 1xx, 204 or 304).

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Writes bytes as they are. */
  write(data: string | Buffer): void;
  /** The next complete response (an interim 1xx is a response too). `head`: the request was a HEAD. */
  next(options?: { head?: boolean; timeoutMs?: number }): Promise<RawResponse>;
  /** Resolves true once the server has closed the connection, false if it is still open after `timeoutMs`. */
  closedWithin(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffer = Buffer.alloc(0);
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  const finish = () => {
    ended = true;
    wake();
  };
  socket.on("end", finish);
  socket.on("close", finish);
  socket.on("error", finish);

  /** Waits until `ready()` returns a value, or the connection ends, or the time is up. */
  function until<T>(ready: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value !== undefined) return done(() => resolve(value));
        if (ended) return done(() => reject(new Error(`the server closed the connection before ${what}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${what} within ${timeoutMs} ms`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });
  }

  function parse(head: boolean): RawResponse | undefined {
    const end = buffer.indexOf("\r\n\r\n");
    if (end === -1) return undefined;
    const lines = buffer.subarray(0, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let rest = buffer.subarray(end + 4);
    let body: Buffer;
    if (head || (status >= 100 && status < 200) || status === 204 || status === 304) {
      body = Buffer.alloc(0);
    } else if (headers["transfer-encoding"]?.toLowerCase().includes("chunked")) {
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf("\r\n");
        if (lineEnd === -1) return undefined;
        const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
        if (rest.length < lineEnd + 2 + size + 2) return undefined;
        if (size === 0) {
          const trailerEnd = rest.indexOf("\r\n\r\n", lineEnd);
          if (trailerEnd === -1 && rest.subarray(lineEnd + 2, lineEnd + 4).toString() !== "\r\n") return undefined;
          rest = rest.subarray(trailerEnd === -1 ? lineEnd + 4 : trailerEnd + 4);
          break;
        }
        chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
      }
      body = Buffer.concat(chunks);
    } else if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (rest.length < length) return undefined;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    } else {
      // Neither: the body runs to the end of the connection.
      if (!ended) return undefined;
      body = rest;
      rest = Buffer.alloc(0);
    }
    buffer = rest;
    return { status, headers, body: body.toString("utf8") };
  }

  return {
    write: (data) => void socket.write(data),
    next: ({ head = false, timeoutMs = 15_000 } = {}) => until(() => parse(head), timeoutMs, "complete response"),
    closedWithin: (timeoutMs) => until(() => (ended ? true : undefined), timeoutMs, "close").catch(() => false),
    close: () => socket.destroy(),
  };
}

/** A request's bytes: the request line, `Host`, the given headers, and the body with its length unless a length or chunking is given. */
export function request(method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Buffer {
  const headers: Record<string, string> = { Host: "127.0.0.1", ...options.headers };
  const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
  const named = (name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);
  if (body && !named("content-length") && !named("transfer-encoding")) headers["Content-Length"] = String(body.length);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return body ? Buffer.concat([Buffer.from(head, "latin1"), body]) : Buffer.from(head, "latin1");
}
