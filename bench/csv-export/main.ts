// Benchmark (issue 41 acceptance, docs/decisions/063-bulk-tools.md): the CSV export of a season's
// pack, 100,000 takes, streams with memory under 100 MB. One pack of four props, 25,000 players
// each picking all four (generate_series, one statement per table), graded so every take has a
// result and half of them a ledger payout. The real export route handlers
// (GET /api/admin/exports/picks and /ledger) are called in this process with an admin's session
// cookie, exactly as Next calls them, and their streams are read to the end while the process's
// resident memory and V8 heap are sampled every 10 ms.
//
// Printed beside them, measured in the same run on the same rows: the same export built the naive
// way (every row in one query, the CSV joined in memory), the growth the streamed route avoids.
//
// Budget: peak resident-memory growth and peak heap growth over the reading before each export
// (after a full collection) at most 100 MB for each streamed export. Exits 1 over budget, 2 when
// the run failed. About 30-40 s on the 2-core host (most of it the seed and the grades).
//
//   node --expose-gc --conditions=react-server --import tsx bench/csv-export/main.ts
// Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// creates and drops its own database.
import { sql } from "drizzle-orm";
import { csvLine } from "@/domain/csv";
import { closeDb, useDbHandle, queryRows } from "@/server/db/client";
import { gradeProp } from "@/server/grading/grade-prop";
import { createBenchDatabase, timed } from "../grade-prop/bench-database";

process.env.NEXTAUTH_SECRET ??= "bench-csv-export-secret-0123456789";
const PLAYERS = Number(process.env.BENCH_CSV_PLAYERS ?? 25_000);
const PROPS = 4;
const BUDGET_MB = 100;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

interface Peak {
  rssMb: number;
  heapMb: number;
  /** What the heap still holds after a full collection, at its highest (sampled every 100 ms). */
  liveMb: number;
  ms: number;
}

/** Runs `work`, sampling memory every 10 ms; growth is measured from a full collection just before. */
async function measure(work: () => Promise<unknown>): Promise<Peak> {
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  let live = base.heapUsed;
  let ticks = 0;
  const timer = setInterval(() => {
    // Every tenth sample a full collection first: the heap's peak counts garbage not yet
    // collected, its live peak only what the export holds.
    if (++ticks % 10 === 0 && gc) {
      gc();
      live = Math.max(live, process.memoryUsage().heapUsed);
    }
    sample();
  }, 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  sample();
  return {
    rssMb: (rss - base.rss) / MB,
    heapMb: (heap - base.heapUsed) / MB,
    liveMb: (live - base.heapUsed) / MB,
    ms: performance.now() - started,
  };
}

/** Reads a streamed response to its end, keeping only counts (the bytes go nowhere, as to a socket). */
async function drain(response: Response): Promise<{ bytes: number; lines: number }> {
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

const fmt = (n: number) => n.toLocaleString("en-US");

async function main() {
  const takes = PLAYERS * PROPS;
  console.log(`csv-export: one pack of ${fmt(takes)} takes (${fmt(PLAYERS)} players x ${PROPS} props), budget ${BUDGET_MB} MB`);
  const bench = await createBenchDatabase("csv");
  let over = false;
  try {
    useDbHandle(bench.handle);
    const { client } = bench;
    await timed("generate players, pack, props, receipts, takes", async () => {
      await client.query("set session_replication_role = replica");
      await client.query(`
        insert into profiles (handle, phone, handle_is_generated)
        select 'fan' || g, '+1' || (2000000000 + g)::text, false from generate_series(1, ${PLAYERS}) g`);
      await client.query(`insert into profiles (handle, phone, super_admin) values ('csvadmin', '+15555550100', true)`);
      await client.query(`
        insert into packs (pack_url, title, league, status, open_time, close_time)
        values ('season-pack', 'Season pack, "all weeks"', 'nfl', 'live', now() - interval '90 days', now() - interval '1 hour')`);
      await client.query(`
        insert into props (pack_id, position, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take, status)
        select id, g, 'Question ' || g, 'Question ' || g || '?', 'Yes', 'No', 'Yes', 'No', 'closed'
        from packs, generate_series(1, ${PROPS}) g`);
      await client.query(`
        insert into receipts (id, profile_id, pack_id, idempotency_key, created_at)
        select 'rc' || lpad(row_number() over (order by p.id)::text, 10, '0'), p.id, pk.id, 'bench', now() - interval '1 day'
        from profiles p cross join packs pk where not p.super_admin`);
      await client.query(`
        insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
        select r.profile_id, pr.id, r.pack_id, r.id, case when hashtext(r.id || pr.id::text) % 2 = 0 then 'A' else 'B' end, 250, r.created_at
        from receipts r join props pr on pr.pack_id = r.pack_id`);
      await client.query("set session_replication_role = origin");
    });
    const admin = (
      await client.query<{ id: string; handle: string; phone: string }>(`select id, handle, phone from profiles where super_admin`)
    ).rows[0]!;
    const packId = (await client.query<{ id: string }>(`select id from packs`)).rows[0]!.id;
    await timed("grade the four props (results and ledger payouts)", async () => {
      for (const { id } of (await client.query<{ id: string }>(`select id from props order by position`)).rows) {
        await gradeProp({ propId: id, outcome: "A", actorProfileId: admin.id });
      }
    });
    await client.query("vacuum analyze");

    const { encode } = await import("next-auth/jwt");
    const { NextRequest } = await import("next/server");
    const cookie = `next-auth.session-token=${await encode({
      secret: process.env.NEXTAUTH_SECRET!,
      token: { sub: admin.id, profileID: admin.handle, phone: admin.phone, superAdmin: true },
    })}`;
    const routes = {
      picks: (await import("@/app/api/admin/exports/picks/route")).GET,
      ledger: (await import("@/app/api/admin/exports/ledger/route")).GET,
    };
    const call = (kind: keyof typeof routes) =>
      routes[kind](new NextRequest(`http://localhost:3000/api/admin/exports/${kind}?pack=${packId}`, { headers: { cookie } }), {
        params: Promise.resolve({}),
      });
    // Warm: the route's code, the driver's prepared paths and the pool's connections, so the
    // readings below measure the export, not the first import.
    await drain(await call("picks"));

    const rows: string[][] = [];
    for (const kind of ["picks", "ledger"] as const) {
      let counted = { bytes: 0, lines: 0 };
      const streamed = await measure(async () => {
        counted = await drain(await call(kind));
      });
      const naive = await measure(async () => {
        const all = await queryRows<Record<string, unknown>>(
          bench.handle.db,
          kind === "picks"
            ? sql`select t.id, pf.handle, pr.short_label, t.side, t.locked_value, t.result, t.points, t.tokens_cents, t.created_at
                  from takes t join props pr on pr.id = t.prop_id join profiles pf on pf.id = t.profile_id
                  where t.pack_id = ${packId}::uuid and t.is_current order by t.profile_id, t.id`
            : sql`select l.id, l.created_at, pf.handle, l.kind, l.amount_cents, l.reason, l.business_key
                  from token_ledger l join profiles pf on pf.id = l.profile_id where l.kind = 'take_payout' order by l.id`,
        );
        const text = all.map((row) => csvLine(Object.values(row) as string[])).join("");
        return text.length;
      });
      const verdict = streamed.rssMb <= BUDGET_MB && streamed.heapMb <= BUDGET_MB ? "within budget" : "OVER BUDGET";
      if (verdict !== "within budget") over = true;
      console.log(
        `  ${kind}: ${fmt(counted.lines - 1)} rows, ${(counted.bytes / MB).toFixed(1)} MB of CSV in ${(streamed.ms / 1000).toFixed(1)} s`,
      );
      const mbs = (peak: Peak) => `${peak.rssMb.toFixed(1)} / ${peak.heapMb.toFixed(1)} / ${peak.liveMb.toFixed(1)} MB`;
      rows.push([kind, mbs(streamed), mbs(naive), verdict]);
    }
    console.log("\n  growth over the reading before: resident / heap / heap live after a full collection");
    console.log(`  ${"export".padEnd(8)} ${"streamed (the route)".padEnd(26)} ${"all in memory (same run)".padEnd(26)} verdict`);
    for (const [kind, streamed, naive, verdict] of rows) {
      console.log(`  ${kind!.padEnd(8)} ${streamed!.padEnd(26)} ${naive!.padEnd(26)} ${verdict} (budget ${BUDGET_MB} MB)`);
    }
  } finally {
    await closeDb();
    await bench.drop();
  }
  process.exit(over ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
