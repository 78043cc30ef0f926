import "server-only";
import { CasingCache } from "drizzle-orm/casing";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { getDbHandle, type Db, type DbOrTx } from "./client";
import * as schema from "./schema";

/**
 * A transaction for the hottest writes, sent in as few round trips as
 * possible. Every round trip to Postgres costs a socket write and read on both
 * sides, which is most of what a short transaction costs here; a drizzle
 * transaction spends one on BEGIN, one per statement and one on COMMIT.
 *
 * `run` sends several statements as one multi-statement message (BEGIN rides
 * along with the first). Postgres still runs them one after the other, each
 * with its own snapshot, so a read placed after a lock sees what the lock
 * holder committed: exactly as if they had been sent one by one. On PGlite
 * (one connection in the same process, nothing to save) the statements go one
 * by one through an ordinary drizzle transaction.
 */
export interface BatchedTx {
  /** Runs the statements in order and returns the rows of each. */
  run(statements: SQL[]): Promise<Record<string, unknown>[][]>;
  /** Runs the statements and commits in the same round trip; nothing may follow it. */
  runAndCommit(statements: SQL[]): Promise<Record<string, unknown>[][]>;
  /** Drizzle on the same transaction, for the less travelled paths. */
  drizzle(): Promise<DbOrTx>;
}

export async function batchedTransaction<T>(work: (tx: BatchedTx) => Promise<T>): Promise<T> {
  const handle = await getDbHandle();
  if (handle.kind === "postgres" && handle.pool) return onPostgres(handle.pool, work);
  return onDrizzle(handle.db, work);
}

async function onDrizzle<T>(db: Db, work: (tx: BatchedTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const run = async (statements: SQL[]) => {
      const results: Record<string, unknown>[][] = [];
      for (const statement of statements)
        results.push(((await tx.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows);
      return results;
    };
    return work({ run, runAndCommit: run, drizzle: async () => tx });
  });
}

const dialect = new PgDialect();
const casing = new CasingCache();

/**
 * One statement as text with its values written in as literals: a
 * multi-statement message cannot carry parameters. Values are quoted by pg's
 * escapeLiteral, which is safe whatever standard_conforming_strings says.
 */
export function inlineStatement(statement: SQL): string {
  return statement.toQuery({
    casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: pg.escapeLiteral,
    inlineParams: true,
  }).sql;
}

async function onPostgres<T>(pool: pg.Pool, work: (tx: BatchedTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let state = "idle" as "idle" | "open" | "done";
  let view: DbOrTx | undefined;

  const send = async (statements: string[], commit: boolean): Promise<Record<string, unknown>[][]> => {
    if (state === "done") throw new Error("batchedTransaction: the transaction has already committed");
    const lead = state === "idle" ? ["begin"] : [];
    const text = [...lead, ...statements, ...(commit ? ["commit"] : [])].join(";\n");
    state = "open";
    const answer = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    if (commit) state = "done";
    const results = Array.isArray(answer) ? answer : [answer];
    return results.slice(lead.length, lead.length + statements.length).map((result) => result.rows);
  };

  const tx: BatchedTx = {
    run: (statements) => send(statements.map(inlineStatement), false),
    runAndCommit: (statements) => send(statements.map(inlineStatement), true),
    async drizzle() {
      if (state === "idle") await send([], false);
      view ??= drizzlePg(client, { schema }) as unknown as DbOrTx;
      return view;
    },
  };

  let broken = false;
  try {
    const result = await work(tx);
    if (state === "open") await send([], true);
    return result;
  } catch (error) {
    if (state === "open") {
      // A failed statement leaves the transaction aborted; a failed COMMIT has
      // already ended it, and a ROLLBACK then is only a warning.
      await client.query("rollback").catch(() => {
        broken = true;
      });
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
