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

// ---------------------------------------------------------------- answers

/** A gate's password as the admin card shows it: whether it is set and when it last changed, never the password. */
export const ZMembersPasswordStatus = z.object({
  passwordID: z.string(),
  isSet: z.boolean(),
  version: z.number().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type MembersPasswordStatus = z.infer<typeof ZMembersPasswordStatus>;

/** GET /api/admin/members/password: the gate's password status. */
export const ZMembersPasswordStatusAnswer = z.object({ status: ZMembersPasswordStatus });

/** POST /api/admin/members/password: the gate, its password's new version, and whether an older one was replaced (every access ended). */
export const ZMembersPasswordChangeAnswer = z.object({ passwordID: z.string(), version: z.number(), rotated: z.boolean() });

/** GET /api/getPassword: whether the gate has a password (else the area is open) and whether this browser passed it. */
export const ZMembersGateAnswer = z.object({ gated: z.boolean(), hasAccess: z.boolean() });
export type MembersGate = z.infer<typeof ZMembersGateAnswer>;

/** POST /api/members/access: the password matched, and this browser holds the access cookie now. */
export const ZMembersAccessAnswer = z.object({ hasAccess: z.literal(true) });
