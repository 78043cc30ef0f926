// The front door (src/front-door/server.ts) on a real HTTP server at a free local port, for the
// tests of its steps: one way to start it and one way to stop it, so each test says only what it
// puts behind the door.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFrontDoor, type FrontDoorSettings } from "./server";

export interface TestDoor {
  door: ReturnType<typeof createFrontDoor>;
  server: http.Server;
  port: number;
  /** Stops the door's timers and the server, dropping kept-alive connections. */
  close(): Promise<void>;
}

export async function openTestDoor(settings: FrontDoorSettings, next: Parameters<typeof createFrontDoor>[0]["next"]): Promise<TestDoor> {
  const door = createFrontDoor({ settings, server: () => server, distDir: "/nonexistent", next });
  const server = http.createServer(door.listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  async function close() {
    door.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { door, server, port, close };
}
