// Shared set-up for the marketplace API tests (not a test file itself).
import { randomUUID } from "node:crypto";
import { getDb } from "@/server/db/client";
import { itemCodes, items } from "@/server/db/schema";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";

export async function createItem(
  overrides: Partial<typeof items.$inferInsert> = {},
  codes: string[] = [],
): Promise<{ id: string; name: string; tokens: number; codes: string[] }> {
  const db = await getDb();
  const [item] = await db
    .insert(items)
    .values({ name: `Item ${randomUUID().slice(0, 8)}`, tokens: 100, ...overrides })
    .returning();
  if (codes.length > 0) {
    // Distinct creation times so "oldest code first" is well defined.
    const base = Date.now() - codes.length * 1000;
    await db.insert(itemCodes).values(codes.map((code, index) => ({ itemId: item!.id, code, createdAt: new Date(base + index * 1000) })));
  }
  return { id: item!.id, name: item!.name, tokens: item!.tokens, codes };
}

export const codesFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(3, "0")}`);

/** Gives a player diamonds the way an admin would: one ledger row. */
export async function giveDiamonds(profileId: string, diamonds: number): Promise<void> {
  await appendLedgerEntry(await getDb(), {
    profileId,
    amountCents: Math.round(diamonds * 100),
    kind: "admin_adjustment",
    businessKey: `test-grant:${randomUUID()}`,
  });
}

export const CONTACT = { fullName: "Sam Player", email: "sam@example.com" };
export const SHIPPING_CONTACT = {
  ...CONTACT,
  street: "1 Broad St",
  city: "Philadelphia",
  state: "PA",
  zip: "19107",
  country: "United States",
};
