import "server-only";
import { sql } from "drizzle-orm";
import { serverEnv } from "@/env";
import { errorFields, log } from "@/server/ops/log";
import { getDbHandle } from "./client";
import { rowShape, selectRows } from "@/server/db/rows";
import { OWN_WRITE_COOKIE, OWN_WRITE_COOKIE_SECONDS, ownWriteCookieValue, parseLsn } from "./own-writes";

/**
 * Adds the read-your-writes cookie to a write's successful answer (2xx or a redirect): the primary's WAL
 * position now, after the write committed, signed (docs/decisions/032-read-replica.md). Without a
 * replica there is nothing to wait for and no cookie; a failure to read the position never fails
 * the write, it is logged.
 */
export async function rememberOwnWrite(response: Response): Promise<Response> {
  if (!serverEnv().DATABASE_READ_URL || response.status >= 400) return response;
  try {
    const handle = await getDbHandle();
    if (handle.kind !== "postgres") return response;
    const [row] = await selectRows(
      handle.db,
      sql`select pg_current_wal_insert_lsn()::text as lsn`,
      rowShape((r) => ({ lsn: r.text("lsn") })),
    );
    const lsn = parseLsn(row?.lsn);
    if (lsn === null) return response;
    const secure = serverEnv().NEXTAUTH_URL.startsWith("https:") ? "; Secure" : "";
    response.headers.append(
      "Set-Cookie",
      `${OWN_WRITE_COOKIE}=${ownWriteCookieValue(lsn)}; Path=/; Max-Age=${OWN_WRITE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  } catch (error) {
    log("warn", "could not mark a write for read-your-writes", errorFields(error));
  }
  return response;
}
