import * as v from "valibot";

/** An answer whose only news is that it worked (`{success: true}`): a follow, a reply, a save. */
export const VDone = v.object({});

/** An error answer (`{success: false, error}`) read for its message. */
export const VRefusal = v.object({ error: v.string() });
