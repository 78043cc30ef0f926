import "server-only";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { readSession } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";

export interface MarketplaceViewer {
  profileId: string;
  handle: string;
  /** The ledger sum, in cents. */
  balanceCents: number;
}

/**
 * The signed-in player viewing a marketplace page (server components), with
 * their balance; null for visitors. Reads the same session cookie as the API.
 */
export async function readMarketplaceViewer(): Promise<MarketplaceViewer | null> {
  const requestHeaders = await headers();
  const cookie = requestHeaders.get("cookie");
  if (!cookie) return null;
  const session = await readSession(new NextRequest("http://localhost/", { headers: { cookie } }));
  if (!session) return null;
  const balanceCents = await getBalanceCents(await getDb(), session.profileId);
  return { profileId: session.profileId, handle: session.handle, balanceCents };
}
