import "server-only";
import { sql } from "drizzle-orm";

/**
 * The picks a receipt stands for, as a FROM clause: every take of its owner on the pack that was
 * current right after that submission (`t`), with its prop (`p`). Receipts keep no copy of their
 * picks; the takes' history is the record (docs/decisions/014-submission-in-one-call.md).
 */
export const receiptTakesFrom = (receiptId: string) => sql`from receipts r
        join takes t on t.profile_id = r.profile_id and t.pack_id = r.pack_id
         and t.created_at <= r.created_at and (t.overwritten_at is null or t.overwritten_at > r.created_at)
        join props p on p.id = t.prop_id
        where r.id = ${receiptId}`;
