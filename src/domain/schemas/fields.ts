// Field rules that the zod request schemas of several areas share, one definition each, so a rule
// (what a blank field says, how a New York day or a list of ids is read) is the same on every route
// that takes it, and the field groups several answers name a thing by (docs/decisions/046-one-typed-contract.md).
// zod only: the valibot answers of the player pages never import this module (src/domain/schemas/play.ts says why).
import { z } from "zod";
import { idSchema } from "@/domain/ids";
import { parseDayParam } from "@/domain/time";

/** Text, trimmed, that must not be blank: missing, not text or blank all say `message`. */
const filledText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Required text, trimmed (as filledText), of at most `max` characters: longer says `tooLong` (zod's own words without it). */
export const requiredText = (message: string, max: number, tooLong?: string) => filledText(message).max(max, tooLong);

/** A whole number from `min` to `max` (a query's text is read as a number); anything else says `message`. */
export const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** An optional New York day in a query (YYYY-MM-DD, YYYYMMDD or YYMMDD, as parseDayParam reads it) → YYYY-MM-DD; what is not a day says `message`. */
export const optionalDay = (message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const day = parseDayParam(v);
      if (!day) ctx.addIssue({ code: "custom", message });
      return day ?? undefined;
    });

/** Comma-separated ids in a query (`ids=a,b`), repeats dropped, at most `max` of them. */
export const idList = (messages: { missing: string; notAnId: string; tooMany: string }, max: number) =>
  filledText(messages.missing)
    .transform((value) => [...new Set(value.split(","))])
    .pipe(z.array(idSchema(messages.notAnId)).max(max, messages.tooMany));

/** Text fields refuse control characters (a NUL cannot even be stored in PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const plainText = (message: string) => z.string().regex(/^[^\u0000-\u001f\u007f]*$/, message);

/** Why an admin changed a player's account (a suspension, a balance adjustment): it goes into the audit log. */
export const ZAdminReason = plainText("The reason cannot contain control characters.")
  .trim()
  .min(3, "Give a reason (3 characters at least).")
  .max(300, "Keep the reason under 300 characters.");

/** A pack as the admin's answers name it: its URL slug and title. */
export const packNameFields = { packURL: z.string(), title: z.string() };

/** A pack as a row of an admin list: its id (the row key of the list) and its name. */
export const packRowFields = { id: z.string(), ...packNameFields };
