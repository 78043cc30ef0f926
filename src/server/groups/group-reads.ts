import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { decodeTextsCursor, encodeCursor, keysetItems, timeSeek, type KeysetPage } from "@/server/http/keyset";
import { boardLine, boardTotalsFields } from "@/server/leaderboards/board-row";
import type { InferOutput } from "valibot";
import type { VLeaderboardRow } from "@/domain/schemas/play";
import { GROUPS_PAGE_SIZE, MEMBERS_PAGE_SIZE, type GroupBoardTab } from "@/domain/groups";
import { overallScopeKey, packScopeKey } from "@/domain/leaderboard-scope";
import { LEADERBOARD_PAGE_SIZE } from "@/server/leaderboards/get-leaderboard-page";

/**
 * The ids of a group's members as a SQL subquery, for any read that narrows a list to a group
 * (a weekly group recap, rival records against members): `where t.profile_id in ${groupMembersSql(id)}`.
 * Walks group_members' primary key; bounded by the group's size (docs/decisions/066-groups.md).
 */
export function groupMembersSql(groupId: string): SQL {
  return sql`(select gm.profile_id from group_members gm where gm.group_id = ${groupId}::uuid)`;
}

/**
 * How many of a group's members have a strictly better (points, won) than a row `row` of
 * leaderboard_totals in `scope`, counted from the cheaper side: walking the scope's rank index above
 * the row with a membership probe per row (a scalar subquery, which the planner cannot turn into a
 * hash of every member) when the scope holds no more rows above it than the group has members
 * (leaderboard_score_counts tells, reading at most that many score rows), else through the members,
 * one totals lookup each: at most min(rows above, group size) (docs/decisions/066-groups.md). The
 * group board's ranks and the "Group winner" badge (docs/decisions/068-streaks-badges-recaps.md).
 */
export function membersAhead(options: { groupId: SQL; scope: SQL; row: string }): SQL {
  const { groupId, scope } = options;
  const score = sql`(${sql.raw(options.row)}.points, ${sql.raw(options.row)}.won)`;
  const size = sql`(select sized.member_count from groups sized where sized.id = ${groupId})`;
  return sql`(case
    when (select coalesce(sum(c.profiles), 0) from (
            select c.profiles from leaderboard_score_counts c where c.scope = ${scope} and (c.points, c.won) > ${score}
            order by c.points desc, c.won desc limit ${size}) c)
         <= ${size}
    then (select count(*)::int from leaderboard_totals a
          where a.scope = ${scope} and (a.points, a.won) > ${score}
            and (select true from group_members gm where gm.group_id = ${groupId} and gm.profile_id = a.profile_id))
    else (select count(*)::int from group_members gm join leaderboard_totals a on a.scope = ${scope} and a.profile_id = gm.profile_id
          where gm.group_id = ${groupId} and (a.points, a.won) > ${score})
  end)`;
}

const groupShape = rowShape((r) => ({
  id: r.text("id"),
  name: r.text("name"),
  pictureSeed: r.textOrNull("picture_seed"),
  ownerProfileId: r.text("owner_profile_id"),
  ownerHandle: r.text("owner_handle"),
  inviteToken: r.text("invite_token"),
  memberCount: r.int("member_count"),
  hiddenAt: r.dateOrNull("hidden_at"),
  createdAt: r.date("created_at"),
  role: r.oneOfOrNull("role", ["owner", "member"]),
}));
export type GroupView = ReturnType<typeof groupShape>;

async function readGroup(where: SQL, viewerProfileId: string | null, db?: DbOrTx): Promise<GroupView | null> {
  const [group] = await selectRows(
    db ?? (await getReadDb()),
    sql`select g.id, g.name, g.picture_seed, g.owner_profile_id, p.handle as owner_handle, g.invite_token, g.member_count,
               g.hidden_at, g.created_at,
               (select m.role from group_members m where m.group_id = g.id and m.profile_id = ${viewerProfileId}::uuid) as role
        from groups g join profiles p on p.id = g.owner_profile_id
        where ${where} limit 1`,
    groupShape,
  );
  return group ?? null;
}

/**
 * The group as its member sees it: 404 to anyone else (signed out, not a member, a group that
 * does not exist: a non-member learns nothing), and a hidden group with `hiddenAt` set, for the
 * page to say the league hid it.
 */
export async function getGroupForMember(options: { groupId: string; viewerProfileId: string | null; db?: DbOrTx }): Promise<GroupView> {
  const group = await readGroup(sql`g.id = ${options.groupId}::uuid`, options.viewerProfileId, options.db);
  if (!group || !group.role) throw new AppError("NOT_FOUND", "Group not found.");
  return group;
}

/** The group an invite token opens, for its landing page: null for a token that was rotated away or never was. */
export async function getGroupByInvite(options: { token: string; viewerProfileId: string | null; db?: DbOrTx }) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(options.token)) return null;
  return readGroup(sql`g.invite_token = ${options.token}`, options.viewerProfileId, options.db);
}

const myGroupShape = rowShape((r) => ({
  key: r.text("joined_key"),
  id: r.text("id"),
  item: {
    id: r.text("id"),
    name: r.text("name"),
    pictureSeed: r.textOrNull("picture_seed"),
    memberCount: r.int("member_count"),
    role: r.oneOf("role", ["owner", "member"]),
  },
}));

/** The player's groups, newest joined first, keyset paged through group_members' profile index; hidden ones left out. */
export async function listMyGroups(options: { profileId: string; cursor?: string; limit?: number; db?: DbOrTx }) {
  const limit = Math.min(options.limit ?? GROUPS_PAGE_SIZE, 100);
  const seek = timeSeek(options.cursor, sql`m.joined_at, m.group_id`, true);
  const rows = await selectRows(
    options.db ?? (await getReadDb()),
    sql`select m.joined_at::text as joined_key, g.id, g.name, g.picture_seed, g.member_count, m.role
        from group_members m join groups g on g.id = m.group_id
        where m.profile_id = ${options.profileId}::uuid and g.hidden_at is null ${seek ? sql`and ${seek}` : sql``}
        order by m.joined_at desc, m.group_id desc
        limit ${limit + 1}`,
    myGroupShape,
  );
  return keysetItems(rows, limit);
}

const memberShape = rowShape((r) => ({
  key: r.text("joined_key"),
  id: r.text("profile_id"),
  item: {
    profileId: r.text("profile_id"),
    handle: r.text("handle"),
    role: r.oneOf("role", ["owner", "member"]),
    joinedAt: r.date("joined_at"),
  },
}));

/** A page of a group's members in the order they joined (the owner wherever they joined), keyset paged. */
export async function listGroupMembers(options: { groupId: string; cursor?: string; limit?: number; db?: DbOrTx }) {
  const limit = Math.min(options.limit ?? MEMBERS_PAGE_SIZE, 100);
  const seek = timeSeek(options.cursor, sql`m.joined_at, m.profile_id`, false);
  const rows = await selectRows(
    options.db ?? (await getReadDb()),
    sql`select m.joined_at::text as joined_key, m.joined_at, m.profile_id, p.handle, m.role
        from group_members m join profiles p on p.id = m.profile_id
        where m.group_id = ${options.groupId}::uuid ${seek ? sql`and ${seek}` : sql``}
        order by m.joined_at, m.profile_id
        limit ${limit + 1}`,
    memberShape,
  );
  return keysetItems(rows, limit);
}

const boardShape = rowShape((r) => ({
  part: r.oneOf("part", ["page", "me", "first"]),
  n: r.int("n"),
  ...boardTotalsFields(r),
  /** Members with a strictly better (points, won): on the viewer's row and on the page's first row after a cursor. */
  ahead: r.intOrNull("ahead"),
  /** Members before the page (strictly better, or tied and before the cursor): on the page's first row after a cursor. */
  before: r.intOrNull("before"),
}));

type LeaderboardTableRow = InferOutput<typeof VLeaderboardRow>;

export interface GroupBoardPage extends KeysetPage<LeaderboardTableRow> {
  me: LeaderboardTableRow | null;
}

/**
 * A page of the group's board for a leaderboard scope: the main board's rows (leaderboard_totals)
 * restricted to the group's members, in the main board's order (points, wins, handle) with its
 * standard competition ranks (1, 2, 2, 4) counted among members, keyset paged, and the viewer's
 * own row wherever it ranks. The page walks leaderboard_totals' rank index (its ORDER BY spells
 * the index's NULLS LAST so the planner can) with a membership probe on group_members' primary key
 * and stops at a page and one; a rank is 1 + the members with a strictly better score, counted once
 * for the viewer and, after a cursor, once for the page's first row, the rest following from their
 * place on the page. So a page costs about a page's share of the scope, never every member's row
 * (docs/decisions/066-groups.md).
 */
export async function getGroupBoardPage(options: {
  groupId: string;
  scope: string;
  viewerProfileId: string | null;
  cursor?: string;
  /** Rows a page; the API's pages are the main board's 50, the group page shows GROUP_PAGE_BOARD_ROWS. */
  pageSize?: number;
  db?: DbOrTx;
}): Promise<GroupBoardPage> {
  const size = options.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const after = options.cursor ? decodeTextsCursor(options.cursor, 3) : null;
  if (options.cursor && (!after || after.keys.slice(0, 2).some((n) => !/^-?\d{1,10}$/.test(n)))) {
    throw new AppError("BAD_REQUEST", "Invalid cursor");
  }
  const { groupId, scope } = options;
  const isMember = (alias: string) =>
    sql`exists (select 1 from group_members gm where gm.group_id = ${groupId}::uuid and gm.profile_id = ${sql.raw(alias)}.profile_id)`;
  // The keyset tuple: its (points, won) bound is also the index's range condition, the rest a filter.
  const key = (alias: string) =>
    sql`(-${sql.raw(alias)}.points, -${sql.raw(alias)}.won, lower(${sql.raw(alias)}.handle), ${sql.raw(alias)}.profile_id)`;
  const cursorKey = after
    ? sql`(${-Number(after.keys[0])}::int, ${-Number(after.keys[1])}::int, ${after.keys[2]}::text, ${after.id}::uuid)`
    : null;
  const seek =
    after && cursorKey
      ? sql`and (t.points, t.won) <= (${Number(after.keys[0])}::int, ${Number(after.keys[1])}::int) and ${key("t")} > ${cursorKey}`
      : sql``;
  const ahead = (alias: string) => membersAhead({ groupId: sql`${groupId}::uuid`, scope: sql`${scope}`, row: alias });
  const rows = await selectRows(
    options.db ?? (await getReadDb()),
    sql`with page as materialized (
          select w.*, row_number() over (order by w.points desc, w.won desc, lower(w.handle), w.profile_id)::int as n
          from (
            select t.profile_id, t.handle, t.points, t.won, t.lost, t.pushed, t.takes
            from leaderboard_totals t
            where t.scope = ${scope} ${seek} and ${isMember("t")}
            order by t.points desc nulls last, t.won desc nulls last, lower(t.handle), t.profile_id
            limit ${size + 1}
          ) w
        )
        select 'page' as part, p.*, null::int as ahead, null::int as before from page p
        union all
        select 'me', m.profile_id, m.handle, m.points, m.won, m.lost, m.pushed, m.takes, 0, ${ahead("m")}, null
        from leaderboard_totals m where m.scope = ${scope} and m.profile_id = ${options.viewerProfileId}::uuid and ${isMember("m")}
        ${
          cursorKey
            ? sql`union all
        select 'first', f.*, x.ahead,
               x.ahead + (select count(*)::int from leaderboard_totals a
                          where a.scope = ${scope} and a.points = f.points and a.won = f.won and ${key("a")} <= ${cursorKey} and ${isMember("a")})
        from page f cross join lateral (select ${ahead("f")} as ahead) x where f.n = 1`
            : sql``
        }`,
    boardShape,
  );
  const page = rows.filter((row) => row.part === "page").sort((a, b) => a.n - b.n);
  const first = rows.find((row) => row.part === "first");
  const before = first?.before ?? 0;
  const items: LeaderboardTableRow[] = [];
  for (const [index, row] of page.slice(0, size).entries()) {
    const previous = page[index - 1];
    const rank =
      index === 0
        ? (first?.ahead ?? 0) + 1
        : previous && previous.points === row.points && previous.won === row.won
          ? items[index - 1]!.rank
          : before + index + 1;
    items.push({ rank, ...boardLine(row, options.viewerProfileId) });
  }
  const last = page[size - 1];
  const mine = rows.find((row) => row.part === "me");
  return {
    items,
    nextCursor:
      page.length > size && last
        ? encodeCursor(JSON.stringify([String(last.points), String(last.won), last.handle.toLowerCase()]), last.profile_id)
        : null,
    me: items.find((row) => row.isMe) ?? (mine ? { rank: (mine.ahead ?? 0) + 1, ...boardLine(mine, options.viewerProfileId) } : null),
  };
}

const openPackShape = rowShape((r) => ({
  packURL: r.text("pack_url"),
  title: r.text("title"),
  league: r.text("league"),
  closeTime: r.dateOrNull("close_time"),
  submitted: r.int("submitted"),
}));

/** Open packs shown on a group page, soonest to close first. */
export const GROUP_OPEN_PACKS = 6;

/**
 * The packs still taking picks, each with how many of the group's members have a receipt for it
 * ("3 of 8 still to pick"), counted from the cheaper side of each pack: its receipts with a
 * membership probe each (group_members' primary key) when the pack has no more receipts than the
 * group has members, else the members with a receipt probe each. Deciding reads at most the group's
 * size of receipts' (pack, profile) index, so a pack costs min(its pickers, the group's size)
 * probes, never both (docs/decisions/066-groups.md).
 */
export async function listGroupOpenPacks(options: { groupId: string; now?: Date; db?: DbOrTx }) {
  const now = options.now ?? new Date();
  const groupId = sql`${options.groupId}::uuid`;
  const size = sql`(select sized.member_count from groups sized where sized.id = ${groupId})`;
  return selectRows(
    options.db ?? (await getReadDb()),
    sql`select p.pack_url, p.title, p.league, p.close_time,
               case
                 when (select count(*) from (select 1 from receipts r where r.pack_id = p.id limit ${size} + 1) x) <= ${size}
                 then (select count(distinct r.profile_id)::int from receipts r
                       where r.pack_id = p.id and (select true from group_members m where m.group_id = ${groupId} and m.profile_id = r.profile_id))
                 else (select count(*)::int from group_members m
                       where m.group_id = ${groupId} and exists (select 1 from receipts r where r.pack_id = p.id and r.profile_id = m.profile_id))
               end as submitted
        from packs p
        where p.status = 'open' and (p.open_time is null or p.open_time <= ${now}) and (p.close_time is null or p.close_time > ${now})
        order by p.close_time nulls last, p.id
        limit ${GROUP_OPEN_PACKS}`,
    openPackShape,
  );
}

/**
 * The leaderboard_totals scope a group board tab reads: a pack's (by its URL; without one, the
 * pack opened last), or the main board's week, season or all time (src/domain/leaderboard-scope.ts).
 */
export async function groupBoardScope(options: { tab: GroupBoardTab; packURL?: string | null; now?: Date; db?: DbOrTx }) {
  const now = options.now ?? new Date();
  if (options.tab !== "pack") return { scope: overallScopeKey({ period: options.tab, now }), packURL: null, packTitle: null };
  const db = options.db ?? (await getReadDb());
  const [pack] = await selectRows(
    db,
    options.packURL
      ? sql`select id, pack_url, title from packs where pack_url = ${options.packURL.toLowerCase()} and status not in ('draft', 'archived') limit 1`
      : sql`select id, pack_url, title from packs where status not in ('draft', 'archived', 'coming-soon') and (open_time is null or open_time <= ${now})
            order by open_time desc nulls last, id limit 1`,
    rowShape((r) => ({ id: r.text("id"), packURL: r.text("pack_url"), title: r.text("title") })),
  );
  if (!pack) {
    if (options.packURL) throw new AppError("NOT_FOUND", "Pack not found.");
    return { scope: null, packURL: null, packTitle: null };
  }
  return { scope: packScopeKey(pack.id), packURL: pack.packURL, packTitle: pack.title };
}

/** getGroupForMember, refusing a hidden group (403: the league hid it) for reads of its board, members and picks. */
export async function getVisibleGroupForMember(options: { groupId: string; viewerProfileId: string | null; db?: DbOrTx }) {
  const group = await getGroupForMember(options);
  if (group.hiddenAt) throw new AppError("FORBIDDEN", "The league hid this group.");
  return group;
}
