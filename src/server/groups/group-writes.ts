import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { writeContext, type Clocked } from "@/server/db/write-context";
import type { DbOrTx } from "@/server/db/client";
import { groupMembers, groups, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { enforceRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { GROUP_LIMITS } from "@/domain/groups";

// Every membership change locks the group's row first (`for update`), then, when a player's own
// count matters, the player's profile row: one order everywhere, so two joins, a join and a leave,
// or two hand-overs queue instead of both reading the same count (docs/decisions/066-groups.md).

/** A new invite token: 24 random bytes, 32 URL-safe characters, unguessable. */
const newInviteToken = () => randomBytes(24).toString("base64url");

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof writeContext>>["db"]["transaction"]>[0]>[0];

async function lockGroup(tx: Tx, where: ReturnType<typeof eq>) {
  const [group] = await tx
    .select({
      id: groups.id,
      name: groups.name,
      ownerProfileId: groups.ownerProfileId,
      memberCount: groups.memberCount,
      hiddenAt: groups.hiddenAt,
    })
    .from(groups)
    .where(where)
    .for("update");
  return group ?? null;
}

/** The group, locked, if the player is its member and it is not hidden; otherwise 404 (a non-member learns nothing). */
async function lockGroupAsMember(tx: Tx, groupId: string, profileId: string) {
  const group = await lockGroup(tx, eq(groups.id, groupId));
  const role = group ? await memberRole(tx, groupId, profileId) : null;
  if (!group || !role) throw new AppError("NOT_FOUND", "Group not found.");
  if (group.hiddenAt) throw new AppError("FORBIDDEN", "The league hid this group.");
  return { ...group, role };
}

async function memberRole(db: DbOrTx, groupId: string, profileId: string) {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.profileId, profileId)))
    .limit(1);
  return row?.role ?? null;
}

/** Locks the player's profile and refuses a player already in the most groups one may be in. */
async function assertRoomForAnotherGroup(tx: Tx, profileId: string) {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${groupMembers} where ${groupMembers.profileId} = ${profileId} limit ${GROUP_LIMITS.groupsPerPlayer}) mine`);
  if (Number(row?.n ?? 0) >= GROUP_LIMITS.groupsPerPlayer) {
    throw new AppError("CONFLICT", `You are in ${GROUP_LIMITS.groupsPerPlayer} groups, the most one player can be in. Leave one first.`);
  }
}

/** Creates a group owned by its maker, who is its first member. At most 10 new groups an hour per player. */
export async function createGroup(options: { profileId: string; name: string; picture: boolean } & Clocked) {
  const { db, now } = await writeContext(options);
  await enforceRateLimit(
    db,
    { bucket: `group-create:${options.profileId}`, limit: GROUP_LIMITS.createsPerHour, windowMs: 3_600_000 },
    "Too many new groups. Please try again later.",
    now,
  );
  return db.transaction(async (tx) => {
    await assertRoomForAnotherGroup(tx, options.profileId);
    const [group] = await tx
      .insert(groups)
      .values({
        name: options.name,
        pictureSeed: options.picture ? randomBytes(6).toString("hex") : null,
        ownerProfileId: options.profileId,
        inviteToken: newInviteToken(),
        memberCount: 1,
        createdAt: now,
      })
      .returning({ id: groups.id, inviteToken: groups.inviteToken });
    await tx.insert(groupMembers).values({ groupId: group!.id, profileId: options.profileId, role: "owner", joinedAt: now });
    return { groupId: group!.id, inviteToken: group!.inviteToken };
  });
}

/**
 * Joins the group whose invite token this is. Joining twice is a no-op (`joined: false`); a hidden
 * group or an old (rotated) token is "not found"; a full group and a player in too many groups are refused.
 */
export async function joinGroup(options: { profileId: string; token: string } & Clocked) {
  const { db, now } = await writeContext(options);
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, eq(groups.inviteToken, options.token));
    if (!group || group.hiddenAt) throw new AppError("NOT_FOUND", "This invite link no longer works. Ask for a new one.");
    if (await memberRole(tx, group.id, options.profileId)) return { groupId: group.id, joined: false };
    if (group.memberCount >= GROUP_LIMITS.membersPerGroup) throw new AppError("CONFLICT", "This group is full.");
    await assertRoomForAnotherGroup(tx, options.profileId);
    await tx.insert(groupMembers).values({ groupId: group.id, profileId: options.profileId, role: "member", joinedAt: now });
    await tx
      .update(groups)
      .set({ memberCount: sql`${groups.memberCount} + 1` })
      .where(eq(groups.id, group.id));
    return { groupId: group.id, joined: true };
  });
}

async function dropMember(tx: Tx, groupId: string, profileId: string) {
  const removed = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.profileId, profileId)))
    .returning({ profileId: groupMembers.profileId });
  if (removed.length === 0) return false;
  await tx
    .update(groups)
    .set({ memberCount: sql`${groups.memberCount} - 1` })
    .where(eq(groups.id, groupId));
  return true;
}

/** Leaves a group. The owner hands over first, unless they are its only member: then the group goes with them. */
export async function leaveGroup(options: { profileId: string; groupId: string }) {
  const { db } = await writeContext({});
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, eq(groups.id, options.groupId));
    const role = group ? await memberRole(tx, group.id, options.profileId) : null;
    if (!group || !role) throw new AppError("NOT_FOUND", "You are not in this group.");
    if (role === "owner") {
      if (group.memberCount > 1) throw new AppError("CONFLICT", "Hand the group over to another member before you leave.");
      await tx.delete(groups).where(eq(groups.id, group.id));
      return { deleted: true };
    }
    await dropMember(tx, group.id, options.profileId);
    return { deleted: false };
  });
}

async function requireOwner(tx: Tx, groupId: string, profileId: string) {
  const group = await lockGroupAsMember(tx, groupId, profileId);
  if (group.role !== "owner") throw new AppError("FORBIDDEN", "Only the group's owner can do that.");
  return group;
}

/** The owner removes a member (not themselves: they leave). Removing someone who already left is 404. */
export async function removeMember(options: { ownerProfileId: string; groupId: string; memberProfileId: string }) {
  const { db } = await writeContext({});
  return db.transaction(async (tx) => {
    await requireOwner(tx, options.groupId, options.ownerProfileId);
    if (options.memberProfileId === options.ownerProfileId)
      throw new AppError("BAD_REQUEST", "You can't remove yourself; leave the group instead.");
    if (!(await dropMember(tx, options.groupId, options.memberProfileId)))
      throw new AppError("NOT_FOUND", "That player is not in this group.");
    return { removed: true };
  });
}

/** The owner hands the group to another member, who becomes its owner; the old owner stays as a member. */
export async function handOverGroup(options: { ownerProfileId: string; groupId: string; toProfileId: string }) {
  const { db } = await writeContext({});
  return db.transaction(async (tx) => {
    await requireOwner(tx, options.groupId, options.ownerProfileId);
    if (options.toProfileId === options.ownerProfileId) throw new AppError("BAD_REQUEST", "You already own this group.");
    if (!(await memberRole(tx, options.groupId, options.toProfileId))) throw new AppError("NOT_FOUND", "That player is not in this group.");
    const member = (profileId: string) => and(eq(groupMembers.groupId, options.groupId), eq(groupMembers.profileId, profileId));
    await tx.update(groupMembers).set({ role: "member" }).where(member(options.ownerProfileId));
    await tx.update(groupMembers).set({ role: "owner" }).where(member(options.toProfileId));
    await tx.update(groups).set({ ownerProfileId: options.toProfileId }).where(eq(groups.id, options.groupId));
    return { ownerProfileId: options.toProfileId };
  });
}

/** The owner replaces the invite token: every link shared before stops working. */
export async function rotateInvite(options: { ownerProfileId: string; groupId: string }) {
  const { db } = await writeContext({});
  return db.transaction(async (tx) => {
    await requireOwner(tx, options.groupId, options.ownerProfileId);
    const [row] = await tx
      .update(groups)
      .set({ inviteToken: newInviteToken() })
      .where(eq(groups.id, options.groupId))
      .returning({ inviteToken: groups.inviteToken });
    return { inviteToken: row!.inviteToken };
  });
}
