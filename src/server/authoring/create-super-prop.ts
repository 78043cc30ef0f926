import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type DbOrTx } from "@/server/db/client";
import { events, packEvents, packs } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/app-error";
import { announcePackOpening } from "@/server/notifications/pack-open/announce-pack-opening";
import { previewPackOpenText } from "@/server/notifications/pack-open/preview-pack-open-text";
import { PACK_URL_TAKEN } from "./create-pack";
import { insertProp } from "./create-prop";
import { isUniqueViolation } from "./db-errors";
import type { SuperPropRequest, SuperPropResult } from "@/domain/schemas/props";
import type { PackOpenTextPreview } from "@/domain/schemas/pack-texts";

type SuperPropInput = SuperPropRequest & { actorProfileId: string; now?: Date };

/**
 * Publishes a super prop: one headline prop as its own one-prop pack, open at
 * once and closing with the prop (by default its game's start). The pack-open
 * text goes as the admin chose in the preview (send, with the previewed wording,
 * or skip), in the same transaction as the pack (decision 040 and
 * docs/decisions/065-status-follows-the-clock.md). All or nothing; audited.
 */
export async function createSuperProp(input: SuperPropInput): Promise<SuperPropResult> {
  const now = input.now ?? new Date();
  return withPackUrlCheck(async (db) =>
    db.transaction(async (tx) => {
      const { pack, prop } = await insertSuperProp(tx, input, now);
      const texts = await announcePackOpening(tx, {
        before: { status: "draft", openNotifiedAt: null },
        after: pack,
        choice: input.openText,
        actorProfileId: input.actorProfileId,
        now,
      });
      return { packId: pack.id, packUrl: pack.packUrl, prop, ...texts };
    }),
  );
}

/** Thrown to roll the dry run back once its preview is worked out. */
class DryRun extends Error {
  constructor(readonly preview: PackOpenTextPreview) {
    super("dry run");
  }
}

/**
 * What publishing this super prop would text, for the admin's send-or-skip choice before anything
 * is created: the publication runs in a transaction that is rolled back once the pack-open text
 * preview of the pack it made is worked out, so the text, the count of players and every refusal
 * (URL taken, game started) are exactly those of the real publication; nothing is written.
 */
export async function previewSuperPropOpenText(input: SuperPropInput): Promise<PackOpenTextPreview> {
  const now = input.now ?? new Date();
  try {
    await withPackUrlCheck(async (db) =>
      db.transaction(async (tx) => {
        const { pack } = await insertSuperProp(tx, input, now);
        throw new DryRun(await previewPackOpenText({ packId: pack.id, status: "open", now }, tx));
      }),
    );
  } catch (error) {
    if (error instanceof DryRun) return error.preview;
    throw error;
  }
  throw new Error("unreachable: the dry run always rolls back");
}

async function withPackUrlCheck<T>(work: (db: Awaited<ReturnType<typeof getDb>>) => Promise<T>): Promise<T> {
  try {
    return await work(await getDb());
  } catch (error) {
    if (isUniqueViolation(error, "packs_pack_url_key")) throw conflict(PACK_URL_TAKEN);
    throw error;
  }
}

async function insertSuperProp(tx: DbOrTx, input: SuperPropInput, now: Date) {
  const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw notFound("Event not found");
  const closeTime = input.closeTime ?? event.startTime;
  if (closeTime <= now) throw badRequest("This game has started: set a close time in the future.");
  const [pack] = await tx
    .insert(packs)
    .values({
      packUrl: input.packUrl,
      title: input.packTitle,
      league: event.league,
      status: "open",
      summary: input.summary ?? null,
      coverUrl: event.coverUrl,
      openTime: now,
      closeTime,
      isSuperProp: true,
      creatorProfileId: input.actorProfileId,
    })
    .returning();
  await tx.insert(packEvents).values({ packId: pack!.id, eventId: event.id, position: 0 });
  await recordAdminAction(tx, {
    actorProfileId: input.actorProfileId,
    action: "pack.create-super-prop",
    entityType: "pack",
    entityId: pack!.id,
    before: null,
    after: pack,
  });
  const { packTitle: _title, packUrl: _url, actorProfileId, now: _now, openText: _openText, ...fields } = input;
  const prop = await insertProp(tx, pack!, { ...fields, closeTime }, actorProfileId);
  return { pack: pack!, prop };
}
