import "server-only";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { readSession, type SessionUser } from "./session";

/** The signed-in user of the page being rendered (server components), from the next-auth cookie; null for visitors. */
export async function readPageSession(): Promise<SessionUser | null> {
  const incoming = await headers();
  return readSession(new NextRequest("http://page.invalid/", { headers: new Headers(incoming) }));
}
