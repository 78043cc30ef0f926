import "server-only";
import type { Metadata } from "next";
import { serverEnv } from "@/env";
import type { CardKindName } from "./card-kinds";
import { CARD_HEIGHT, CARD_WIDTH } from "./draw-cards";
import { drawShareCard } from "./get-share-card";

/**
 * A page's Open Graph and Twitter picture: its share card (docs/decisions/067-share-cards.md), at
 * an absolute URL on the site's address (NEXTAUTH_URL) carrying the card's version, so a chat app
 * that cached the old picture fetches the new one after a lock or a grade. Drawing the card here
 * costs its loader's queries and no render. Empty when there is no card.
 */
export async function shareCardMetadata(kind: CardKindName, key: string, text: { title: string; description?: string }): Promise<Metadata> {
  const card = await drawShareCard({ kind, key });
  if (!card) return {};
  const origin = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
  const url = `${origin}/api/cards/${kind}/${encodeURIComponent(key)}?v=${card.version}`;
  const image = { url, width: CARD_WIDTH, height: CARD_HEIGHT, alt: card.alt, type: "image/png" };
  return {
    openGraph: { title: text.title, description: text.description, images: [image] },
    twitter: { card: "summary_large_image", title: text.title, description: text.description, images: [{ url, alt: card.alt }] },
  };
}
