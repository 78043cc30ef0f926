import { sql, type SQL } from "drizzle-orm";

/** Ids as a SQL list of uuids (`$1::uuid, $2::uuid`), for `in (...)` and `values (...)`; the caller keeps it non-empty. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}
