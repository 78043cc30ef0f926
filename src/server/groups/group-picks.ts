import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { uuidList } from "@/server/db/uuid-list";
import { propStatusSql } from "@/server/authoring/prop-status-sql";
import { listGroupMembers } from "./group-reads";

const propShape = rowShape((r) => ({
  id: r.text("id"),
  shortLabel: r.text("short_label"),
  title: r.text("title"),
  sideA: r.text("side_a_short"),
  sideB: r.text("side_b_short"),
  status: r.text("status"),
}));

const takeShape = rowShape((r) => ({ profileId: r.text("profile_id"), propId: r.text("prop_id"), side: r.oneOf("side", ["A", "B"]) }));

/** Props listed on a picks page: a pack holds a few dozen at most. */
const PROPS_SHOWN = 100;

/**
 * A page of the group's members' picks on one pack. A pick is read only for a prop that has
 * locked by the repo's one rule (propStatusSql, the SQL twin of propStatusAt): before that, the
 * server never selects it, so no page or answer can show it (docs/decisions/066-groups.md).
 */
export async function getGroupPackPicks(options: { groupId: string; packURL: string; cursor?: string; now?: Date; db?: DbOrTx }) {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [pack] = await selectRows(
    db,
    sql`select id, title, pack_url from packs where pack_url = ${options.packURL.toLowerCase()} and status not in ('draft', 'archived') limit 1`,
    rowShape((r) => ({ id: r.text("id"), title: r.text("title"), packURL: r.text("pack_url") })),
  );
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found.");
  const props = await selectRows(
    db,
    sql`select pr.id, pr.short_label, pr.title, pr.side_a_short, pr.side_b_short,
               ${propStatusSql({ status: sql`pr.status`, closeTime: sql`pr.close_time` }, { closeTime: sql`pk.close_time` }, now)} as status
        from props pr join packs pk on pk.id = pr.pack_id
        where pr.pack_id = ${pack.id}::uuid
        order by pr.position, pr.id limit ${PROPS_SHOWN}`,
    propShape,
  );
  const members = await listGroupMembers({ groupId: options.groupId, cursor: options.cursor, db });
  const locked = props.filter((prop) => prop.status !== "open").map((prop) => prop.id);
  const ids = members.items.map((member) => member.profileId);
  const takes =
    locked.length && ids.length
      ? await selectRows(
          db,
          sql`select t.profile_id, t.prop_id, t.side from takes t
              where t.is_current and t.pack_id = ${pack.id}::uuid
                and t.profile_id in (${uuidList(ids)})
                and t.prop_id in (${uuidList(locked)})`,
          takeShape,
        )
      : [];
  const picks = new Map(takes.map((take) => [`${take.profileId}:${take.propId}`, take.side]));
  return {
    pack,
    props: props.map((prop) => ({ ...prop, locked: prop.status !== "open" })),
    members: members.items.map((member) => ({
      ...member,
      picks: props.map((prop) => (prop.status === "open" ? null : (picks.get(`${member.profileId}:${prop.id}`) ?? "none"))),
    })),
    nextCursor: members.nextCursor,
  };
}
