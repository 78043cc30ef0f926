import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { PackStatus } from "@/domain/authoring";
import { TEXTS_SKIPPED, type PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import type { OpeningTexts } from "@/domain/schemas/packs";
import { serverEnv } from "@/env";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { DbOrTx } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { badRequest } from "@/server/http/app-error";
import { hasPickableProp, queuePackOpenTextToRecipients } from "./pack-open-recipients";
import { packOpenMessage, withPackLink } from "./pack-open-text";

/** Nothing opened, nobody texted (the status answer's opening fields, src/domain/schemas/packs.ts). */
export const NO_OPENING: OpeningTexts = { textsQueued: 0, textsSkipped: null, textsScheduledFor: null };

/**
 * When a pack with this status and open time starts taking picks, as the pack-open task sees it
 * (docs/PRODUCT.md §2): "now", "later" (on its open time), or "never" (a draft, or coming soon
 * without an open time).
 */
export function whenPackOpens(pack: { status: PackStatus; openTime: Date | null }, now: Date): "now" | "later" | "never" {
  if (pack.status === "open") return !pack.openTime || pack.openTime <= now ? "now" : "later";
  if (pack.status === "coming-soon" && pack.openTime) return pack.openTime <= now ? "now" : "later";
  return "never";
}

export function packLink(packUrl: string): string {
  return `${serverEnv().NEXTAUTH_URL.replace(/\/$/, "")}/packs/${packUrl}`;
}

/**
 * The pack-open text of an admin's opening (issue 24 items 4 and 7, decision 040), inside the
 * status change's transaction: "Open without texting" marks the pack announced and texts nobody;
 * "Send text" queues the admin's wording (or the default) with the pack's link to every
 * subscriber now, or leaves a scheduled opening to the periodic task. A pack whose every prop is
 * closed is never texted for, whatever was chosen. Audited as `pack.open_text`.
 */
export async function announcePackOpening(
  tx: DbOrTx,
  input: {
    before: { status: PackStatus; openNotifiedAt: Date | null };
    after: {
      id: string;
      title: string;
      league: string;
      packUrl: string;
      status: PackStatus;
      openTime: Date | null;
      closeTime: Date | null;
    };
    choice: PackOpenTextChoice | undefined;
    actorProfileId: string;
    now: Date;
  },
): Promise<OpeningTexts> {
  const { before, after, now } = input;
  const choice = input.choice ?? { send: true };
  if (before.status === after.status || (after.status !== "open" && after.status !== "coming-soon")) return NO_OPENING;
  const when = whenPackOpens(after, now);
  if (when === "never") return NO_OPENING;
  if (before.openNotifiedAt) return { ...NO_OPENING, textsSkipped: TEXTS_SKIPPED.alreadySent };
  if (choice.send && choice.message && when === "later") {
    throw badRequest("An edited text goes out only when the pack opens now: a scheduled opening is texted with the default wording.");
  }

  let result: OpeningTexts;
  let body: string | null = null;
  if (!choice.send) {
    await tx
      .update(packs)
      .set({ openNotifiedAt: now })
      .where(and(eq(packs.id, after.id), isNull(packs.openNotifiedAt)));
    result = { ...NO_OPENING, textsSkipped: TEXTS_SKIPPED.chosen };
  } else if (!(await hasPickableProp(tx, after.id, now))) {
    // Not marked announced: the periodic task texts it (default wording) if a prop reopens while it is open.
    result = { ...NO_OPENING, textsSkipped: TEXTS_SKIPPED.allClosed };
  } else if (when === "later") {
    result = { ...NO_OPENING, textsScheduledFor: after.openTime!.toISOString() };
  } else {
    // The default wording says the time left from when each text goes out (8 am for one held for quiet hours).
    const wording = (at: Date) =>
      withPackLink(choice.message ?? packOpenMessage({ title: after.title, closeTime: after.closeTime, now: at }), packLink(after.packUrl));
    body = wording(now);
    const textsQueued = await queuePackOpenTextToRecipients(tx, after, choice.message ? body : wording, now);
    await tx
      .update(packs)
      .set({ openNotifiedAt: now })
      .where(and(eq(packs.id, after.id), isNull(packs.openNotifiedAt)));
    result = { ...NO_OPENING, textsQueued };
  }
  await recordAdminAction(tx, {
    actorProfileId: input.actorProfileId,
    action: "pack.open_text",
    entityType: "pack",
    entityId: after.id,
    after: {
      choice: choice.send ? "send text" : "open without texting",
      text: body,
      edited: Boolean(choice.send && choice.message),
      textsQueued: result.textsQueued,
      textsSkipped: result.textsSkipped,
      textsScheduledFor: result.textsScheduledFor,
    },
  });
  return result;
}
