import { z } from "zod";

/** Gate ids are short slugs such as `beta-members`. */
export const ZPasswordId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Unknown password id");

/** GET /api/getPassword?passwordID= */
export const ZGetPasswordQuery = z.object({ passwordID: ZPasswordId.default("beta-members") });

/** POST /api/members/access: the typed password, compared after trimming (docs/PRODUCT.md §14). */
export const ZMembersAccessRequest = z.object({
  passwordID: ZPasswordId.default("beta-members"),
  password: z.string().max(200, "Incorrect password."),
});

export const MEMBERS_PASSWORD_MIN = 4;
export const MEMBERS_PASSWORD_MAX = 128;
export const MEMBERS_PASSWORD_MESSAGE = `The password must be ${MEMBERS_PASSWORD_MIN}–${MEMBERS_PASSWORD_MAX} characters.`;

/** POST /api/admin/members/password: set or rotate a gate's password. */
export const ZSetMembersPasswordRequest = z.object({
  passwordID: ZPasswordId.default("beta-members"),
  password: z
    .string(MEMBERS_PASSWORD_MESSAGE)
    .trim()
    .min(MEMBERS_PASSWORD_MIN, MEMBERS_PASSWORD_MESSAGE)
    .max(MEMBERS_PASSWORD_MAX, MEMBERS_PASSWORD_MESSAGE),
});

export const ZMembersPasswordStatusQuery = z.object({ passwordID: ZPasswordId.default("beta-members") });
