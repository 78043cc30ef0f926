import "server-only";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { contestKeyFilter, readContestSummaries, type ContestSummary } from "./contest-summary";
import type { PackOption } from "@/domain/schemas/contests";

export interface AdminContest {
  contest: ContestSummary;
  /** Every linked pack, drafts included, as the form lists them. */
  packs: PackOption[];
}

/** One contest with all its packs, for the edit form. */
export async function getAdminContest(options: { contestID: string; now?: Date }): Promise<AdminContest> {
  const db = await getDb();
  const [contest] = await readContestSummaries(db, contestKeyFilter(options.contestID), options.now ?? new Date());
  if (!contest) throw new AppError("NOT_FOUND", "Contest not found.");
  const packs = await queryRows<PackOption>(
    db,
    sql`
      select p.id, p.pack_url as "packURL", p.title, p.league, p.status,
             (select count(*) from props pr where pr.pack_id = p.id)::int as "propsCount"
      from contest_packs cp join packs p on p.id = cp.pack_id
      where cp.contest_id = ${contest.id}::uuid
      order by p.close_time nulls last, p.title
    `,
  );
  return { contest, packs: packs.map((pack) => ({ ...pack, propsCount: Number(pack.propsCount) })) };
}
