import "server-only";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { readSession, type SessionUser } from "@/server/auth/session";

/** The signed-in viewer of a server-rendered page, from the session cookie; null for visitors. */
export async function readPageViewer(): Promise<SessionUser | null> {
  const incoming = await headers();
  const request = new NextRequest("http://page.local/", { headers: { cookie: incoming.get("cookie") ?? "" } });
  try {
    return await readSession(request);
  } catch {
    return null;
  }
}
