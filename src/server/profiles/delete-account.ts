import "server-only";
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { DELETED_HANDLE_PREFIX } from "@/domain/username";
import { formatE164ForDisplay } from "@/domain/phone";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { rememberSessionVersion } from "@/server/auth/is-session-current";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { purgePublicPages } from "@/server/http/page-cache";
import { appendLedgerEntry, getBalanceCents } from "@/server/ledger/append-ledger-entry";

/** What a deleted number becomes wherever a text quoted it (the audit log, a job's payload). */
const REMOVED = "[removed]";

export const CONFIRM_HANDLE_MESSAGE = "Type your username exactly as shown to confirm.";
export const ADMIN_CANNOT_DELETE_MESSAGE =
  "An admin account cannot be deleted here. Ask the operator to take away your admin rights (and your number out of ADMIN_PHONES) first.";

/** `deleted_` + 8 random hex digits: nothing of the old handle or id, and reserved (src/domain/username.ts). */
const anonymousHandle = () => `${DELETED_HANDLE_PREFIX}${randomBytes(4).toString("hex")}`;

/** The ways a number may have been written down: +15551234567, 5551234567, (555) 123-4567, 555-123-4567, 555.123.4567, 555 123 4567. */
export function phoneSpellings(e164: string): string[] {
  const ten = e164.replace(/^\+1/, "");
  const [a, b, c] = [ten.slice(0, 3), ten.slice(3, 6), ten.slice(6)];
  return [e164, ten, formatE164ForDisplay(e164), `${a}-${b}-${c}`, `${a}.${b}.${c}`, `${a} ${b} ${c}`];
}

/** `text` with every spelling of the number replaced. */
const scrubbed = (text: SQL, spellings: string[]): SQL =>
  spellings.reduce<SQL>((inner, spelling) => sql`replace(${inner}, ${spelling}, ${REMOVED})`, text);
/** True when `text` holds any spelling of the number. */
const quotes = (text: SQL, spellings: string[]): SQL =>
  sql.join(
    spellings.map((spelling) => sql`strpos(coalesce(${text}, ''), ${spelling}) > 0`),
    sql` or `,
  );

const lockedProfile = rowShape((r) => ({
  handle: r.text("handle"),
  phone: r.textOrNull("phone"),
  super_admin: r.bool("super_admin"),
  deleted_at: r.dateOrNull("deleted_at"),
}));

export interface AccountDeleted {
  /** The anonymous handle the account's takes now stand under. */
  handle: string;
  /** Diamonds the account held, forfeited by a closing ledger entry (cents). */
  forfeitedCents: number;
}

/**
 * A player deletes their own account (docs/PRODUCT.md §1, docs/decisions/057-account-deletion-and-game-rules.md).
 * In one transaction under the profile's row lock: the phone leaves every table that held it
 * (the profile, sign-in codes and limits, the text outbox, the audit log and job payloads), the
 * handle becomes an anonymous one, picture, favourite team, follows, subscriptions, asked-for pack reminders, earlier
 * handles and shipping contacts go, pending head-to-heads are cancelled, remaining diamonds are
 * forfeited by a closing entry, every session ends, and the deletion is audited. Takes, payouts
 * and records stay under the anonymous handle, so every board, pack and ledger still adds up.
 * A second request (a double tap, two tabs) finds the account deleted and answers the same.
 * `confirmHandle` must be the current handle; a super admin is refused.
 */
export async function deleteAccount(input: { profileId: string; confirmHandle: string }): Promise<AccountDeleted> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    // The lock every balance change, submission (receipts' key-share lock) and redemption of this player waits on.
    const [profile] = await selectRows(
      tx,
      sql`select handle, phone, super_admin, deleted_at from profiles where id = ${input.profileId} for update`,
      lockedProfile,
    );
    if (!profile) throw new AppError("NOT_FOUND", "Player not found.");
    if (profile.deleted_at || !profile.phone) return { handle: profile.handle, forfeitedCents: 0, sessionVersion: null };
    if (input.confirmHandle.trim().replace(/^@/, "").toLowerCase() !== profile.handle.toLowerCase()) {
      throw new AppError("BAD_REQUEST", CONFIRM_HANDLE_MESSAGE);
    }
    if (profile.super_admin) throw new AppError("FORBIDDEN", ADMIN_CANNOT_DELETE_MESSAGE);

    const handle = await freeAnonymousHandle(tx);
    const balanceCents = await getBalanceCents(tx, input.profileId);
    if (balanceCents > 0) {
      await appendLedgerEntry(tx, {
        profileId: input.profileId,
        amountCents: -balanceCents,
        kind: "admin_adjustment",
        businessKey: `account-deleted:${input.profileId}`,
        reason: "Account deleted: remaining diamonds forfeited",
        actorProfileId: input.profileId,
      });
    }
    const [updated] = await selectRows(
      tx,
      // clock_timestamp(): the moment the lock was held, after every write that came before it.
      sql`update profiles set phone = null, deleted_at = clock_timestamp(), handle = ${handle}, handle_is_generated = true,
            avatar_url = null, favorite_team_id = null, sms_opt_out = true, sms_consent_at = null, time_zone = null,
            suspended_reason = null, session_version = session_version + 1, updated_at = clock_timestamp()
          where id = ${input.profileId} returning session_version`,
      rowShape((r) => ({ session_version: r.int("session_version") })),
    );
    await removeTraces(tx, input.profileId, phoneSpellings(profile.phone));
    const self = { actorProfileId: input.profileId, entityType: "profile", entityId: input.profileId };
    const after = { deleted: true, handle, forfeitedCents: Math.max(balanceCents, 0) };
    await recordAdminAction(tx, { ...self, action: "profile.delete_account", before: { deleted: false }, after });
    return { handle, forfeitedCents: Math.max(balanceCents, 0), sessionVersion: updated!.session_version };
  });
  if (outcome.sessionVersion !== null) {
    // Signed out at once here; other instances refuse the deleted profile at their next read (is-session-current.ts).
    rememberSessionVersion(input.profileId, outcome.sessionVersion);
    purgePublicPages();
  }
  return { handle: outcome.handle, forfeitedCents: outcome.forfeitedCents };
}

async function freeAnonymousHandle(tx: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const handle = anonymousHandle();
    const taken = await selectRows(
      tx,
      sql`select 1 as one from profiles where lower(handle) = ${handle}`,
      rowShape((r) => r.int("one")),
    );
    if (taken.length === 0) return handle;
  }
  throw new Error("Could not find a free anonymous handle");
}

/** Every other place the account's number or its personal choices were kept (docs/decisions/057). */
async function removeTraces(tx: DbOrTx, profileId: string, spellings: string[]): Promise<void> {
  const [phone] = spellings as [string];
  await tx.execute(sql`delete from login_codes where phone = ${phone}`);
  await tx.execute(sql`delete from rate_limit_counters where strpos(bucket, ${phone}) > 0`);
  await tx.execute(sql`delete from sms_outbox where to_phone = ${phone} or profile_id = ${profileId}`);
  await tx.execute(sql`delete from previous_handles where profile_id = ${profileId}`);
  await tx.execute(sql`delete from follows where profile_id = ${profileId}`);
  await tx.execute(sql`delete from subscriptions where profile_id = ${profileId}`);
  await tx.execute(sql`delete from pack_reminder_requests where profile_id = ${profileId}`);
  await tx.execute(sql`update exchanges set contact = null where profile_id = ${profileId} and contact is not null`);
  await tx.execute(
    sql`update h2h_challenges set status = 'cancelled'
        where status = 'pending' and (challenger_profile_id = ${profileId} or challenged_profile_id = ${profileId})`,
  );
  // Texts that quote the number (rare: written by hand or by an older release), rewritten in place.
  await tx.execute(
    sql`update admin_audit_log
        set before = ${scrubbed(sql`before::text`, spellings)}::jsonb, after = ${scrubbed(sql`after::text`, spellings)}::jsonb,
            entity_id = ${scrubbed(sql`entity_id`, spellings)}
        where ${quotes(sql`before::text`, spellings)} or ${quotes(sql`after::text`, spellings)} or ${quotes(sql`entity_id`, spellings)}`,
  );
  await tx.execute(
    sql`update jobs set payload = ${scrubbed(sql`payload::text`, spellings)}::jsonb where ${quotes(sql`payload::text`, spellings)}`,
  );
}
