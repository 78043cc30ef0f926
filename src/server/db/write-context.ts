import "server-only";
import { getDb, type Db } from "./client";

/** A write's options may carry the clock (a test's `now`); without it, the present. */
export interface Clocked {
  now?: Date;
}

/** What a write reads first: the primary database (never the replica, docs/decisions/032-read-replica.md) and its clock. */
export async function writeContext(options: Clocked): Promise<{ db: Db; now: Date }> {
  return { db: await getDb(), now: options.now ?? new Date() };
}
