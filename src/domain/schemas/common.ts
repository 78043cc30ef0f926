import * as v from "valibot";

/** An answer whose only news is that it worked (`{success: true}`): a follow, a reply, a save. */
export const VDone = v.object({});

/** An error answer (`{success: false, error}`) read for its message. */
export const VRefusal = v.object({ error: v.string() });

/**
 * A keyset page as a player list answers it: the page's rows under the list's own key and the
 * cursor of the next page, null on the last (the admin lists' zod twin: `keysetPage` in cursor.ts).
 */
export const vKeysetPage = <Rows extends v.ObjectEntries>(rows: Rows) => v.object({ ...rows, nextCursor: v.nullable(v.string()) });
