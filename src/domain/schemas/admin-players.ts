// Request schemas of the admin players screen (docs/SCREENS.md §3.12, §3.13), shared by
// its forms and route handlers.
import { z } from "zod";
import { idSchema } from "@/domain/ids";

/** A profile id in a route: anything else is "not found", never a database error. */
export const ZProfileIdParam = idSchema("Player not found.");

export const ZSuspensionRequest = z.object({
  suspended: z.boolean({ error: "Say whether to suspend or restore the player." }),
  reason: z
    .string()
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, "The reason cannot contain control characters.")
    .trim()
    .min(3, "Give a reason (3 characters at least).")
    .max(300, "Keep the reason under 300 characters."),
});
