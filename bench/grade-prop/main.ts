// Benchmark (issue 5, acceptance): grade one prop with 100,000 takes on real
// PostgreSQL within 2 s. Three single-prop packs each get 100,000 takes (one
// per profile); each prop is graded once, right after a checkpoint (so every
// page it touches is written in full to the WAL, as in production where the
// takes were written long before the game ended), and the budget applies to
// the median of the three, so one stall of a shared CI disk does not decide
// it. Prints every grade, a re-grade and the leaderboard catch-up (the
// drain of all their queued changes, budget 60 s: issue 20); exits 1 over
// either budget.
//
//   node --conditions=react-server --import tsx bench/grade-prop/main.ts
import { sql } from "drizzle-orm";
import { gradeProp } from "@/server/grading/grade-prop";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { rebuildLeaderboardTotals } from "@/server/leaderboards/rebuild-leaderboard-totals";
import { queryRows } from "@/server/db/client";
import { createBenchDatabase, timed, withIndexesRebuiltAfter } from "./bench-database";

const TAKES = Number(process.env.BENCH_GRADE_TAKES ?? 100_000);
const BUDGET_MS = 2_000;
/** Leaderboards fresh within a minute of a grade (issue 20). */
const CATCH_UP_BUDGET_MS = 60_000;
const PROPS = 3;

async function main() {
  console.log(`grade-prop: one prop with ${TAKES.toLocaleString("en-US")} takes, budget ${BUDGET_MS} ms`);
  const bench = await createBenchDatabase("grade");
  try {
    const { db } = bench.handle;
    const { client } = bench;
    await timed("generate profiles, pack, receipts, takes", async () => {
      // Foreign-key checks and the leaderboard queue are off for the bulk load;
      // the leaderboards are built from the takes by the product's rebuild.
      await client.query("set session_replication_role = replica");
      await client.query(`
        insert into profiles (handle, phone, handle_is_generated)
        select 'bench' || g, '+1' || (2000000000 + g)::text, false from generate_series(1, ${TAKES}) g
      `);
      await client.query(`insert into profiles (handle, phone, super_admin) values ('benchadmin', '+15555550100', true)`);
      await client.query(`
        insert into packs (pack_url, title, league, status, open_time, close_time)
        select 'bench-super-prop-' || g, 'Bench super prop ' || g, 'nfl', 'live', now() - interval '2 days', now() - interval '1 hour'
        from generate_series(1, ${PROPS}) g
      `);
      await client.query(`
        insert into props (pack_id, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take,
                           side_a_moneyline, side_b_moneyline, side_a_value, side_b_value, status)
        select id, 'Who wins?', 'Who wins the game?', 'PHI', 'DAL', 'PHI win', 'DAL win', 150, -110, 375, 227, 'closed'
        from packs where pack_url like 'bench-super-prop-%'
      `);
      await client.query(`
        insert into receipts (id, profile_id, pack_id, idempotency_key, created_at)
        select 'rc' || lpad(row_number() over (order by pk.id, p.id)::text, 10, '0'), p.id, pk.id, 'bench-' || pk.pack_url, now() - interval '1 day'
        from profiles p cross join packs pk
        where p.handle like 'bench%' and not p.super_admin
      `);
      await client.query(`
        insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
        select r.profile_id, pr.id, r.pack_id, r.id, s.side, case when s.side = 'A' then 375 else 227 end, r.created_at
        from receipts r
        join props pr on pr.pack_id = r.pack_id
        cross join lateral (select case when hashtext(r.id) % 2 = 0 then 'A' else 'B' end as side) s
      `);
      await client.query("set session_replication_role = origin");
    });
    await timed("build leaderboards from the takes (rebuild)", () =>
      withIndexesRebuiltAfter(client, "leaderboard_totals", async () => void (await rebuildLeaderboardTotals({ db }))),
    );
    await client.query("vacuum analyze");
    await client.query("checkpoint");

    const propIds = (await client.query<{ id: string }>(`select id from props order by id`)).rows.map((row) => row.id);
    const adminId = (await client.query<{ id: string }>(`select id from profiles where super_admin`)).rows[0]!.id;

    const grades: number[] = [];
    for (const [index, propId] of propIds.entries()) {
      // The previous grade's dead rows would bring autovacuum in mid-measurement.
      await client.query("vacuum analyze");
      await client.query("checkpoint");
      const grade = await timed(`gradeProp A, prop ${index + 1} (${TAKES.toLocaleString("en-US")} takes, one transaction)`, () =>
        gradeProp({ propId, outcome: "A", resultText: "PHI 27 - 20 DAL", actorProfileId: adminId, db }),
      );
      const [ledger] = await queryRows<{ rows: number; cents: number }>(
        db,
        sql`select count(*)::int as rows, coalesce(sum(amount_cents), 0)::bigint as cents from token_ledger`,
      );
      console.log(
        `    takes updated ${grade.value.takesUpdated}, payout rows so far ${ledger?.rows}, paid ${Number(ledger?.cents) / 100} diamonds`,
      );
      if (grade.value.takesUpdated !== TAKES) throw new Error(`expected ${TAKES} takes graded, got ${grade.value.takesUpdated}`);
      grades.push(grade.ms);
    }
    await client.query("vacuum analyze");
    await client.query("checkpoint");
    const regrade = await timed("re-grade prop 1 A → B (reversals + new payouts)", () =>
      gradeProp({ propId: propIds[0]!, outcome: "B", actorProfileId: adminId, db }),
    );
    // Issue 20: leaderboards fresh within 60 s of a grade at season scale. The 400,000 queued
    // changes of the three grades and the re-grade, folded into every scope by the same drain the
    // worker runs (117 s before drain batches took every change of their players, ~41 s after).
    const drain = await timed("leaderboards caught up (queue drain, background)", () => drainLeaderboardQueue({ db }));
    console.log(`    ${drain.value.applied} queued take changes folded into every scope`);

    const median = [...grades].sort((a, b) => a - b)[Math.floor(grades.length / 2)]!;
    const over = median > BUDGET_MS;
    const catchUpOver = drain.ms > CATCH_UP_BUDGET_MS;
    console.log(
      `grade-prop: median ${median.toFixed(0)} ms per grade of ${TAKES.toLocaleString("en-US")} takes (${grades.map((ms) => ms.toFixed(0)).join(", ")} ms; budget ${BUDGET_MS} ms) ${over ? "OVER BUDGET" : "ok"}; re-grade ${regrade.ms.toFixed(0)} ms`,
    );
    console.log(
      `grade-prop: leaderboards caught up ${(drain.ms / 1000).toFixed(1)} s after the ${drain.value.applied.toLocaleString("en-US")} take changes of ${PROPS} grades and a re-grade (budget ${CATCH_UP_BUDGET_MS / 1000} s, margin ${((CATCH_UP_BUDGET_MS - drain.ms) / 1000).toFixed(1)} s) ${catchUpOver ? "OVER BUDGET" : "ok"}`,
    );
    process.exitCode = over || catchUpOver ? 1 : 0;
  } finally {
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
