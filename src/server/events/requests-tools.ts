import { z } from "zod";
import { ZCursor } from "@/server/http/keyset";
import { slugify } from "@/domain/authoring";
import { API_TESTER_CALLS } from "./run-espn-api-call";
import { ZDay, ZLeague } from "./requests";
import { ID_PATTERN } from "@/domain/ids";


export const ZPlayersQuery = z.object({
  league: ZLeague.optional(),
  teamId: z.string().regex(ID_PATTERN, "Unknown team").optional(),
  q: z.string().max(100).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const ZFetchPlayersRequest = z.object({
  teamId: z.string({ error: "Pick a team first." }).regex(ID_PATTERN, "Pick a team first."),
});

export const ZApiTesterRequest = z.object({
  call: z.enum(API_TESTER_CALLS, { error: "Unknown call" }),
  league: ZLeague,
  date: ZDay.transform((day) => day.replaceAll("-", "")).optional(),
  year: z.coerce.number().int().min(2000, "NFL year must be between 2000 and 3000").max(3000, "NFL year must be between 2000 and 3000").optional(),
  week: z.coerce.number().int().min(1, "NFL week must be between 1 and 25").max(25, "NFL week must be between 1 and 25").optional(),
  eventId: z.string().trim().regex(/^[0-9]{1,12}$/, "ESPN ids are digits.").optional(),
  teamId: z.string().trim().regex(/^[0-9]{1,12}$/, "ESPN ids are digits.").optional(),
});

export const ZTeamsQuery = z.object({ league: ZLeague.optional() });

export const ZTeamRequest = z.object({
  league: ZLeague,
  name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(60),
  fullName: z.string({ error: "Full name is required." }).trim().min(1, "Full name is required.").max(100),
  slug: z
    .string({ error: "Slug is required." })
    .trim()
    .refine((v) => v.length > 0 && slugify(v) === v && v.length <= 60, { message: "Slugs are lower-case letters, numbers and dashes." }),
  abbreviation: z.string({ error: "Abbreviation is required." }).trim().min(1, "Abbreviation is required.").max(6).transform((v) => v.toUpperCase()),
  logoUrl: z
    .string()
    .trim()
    .max(2_000)
    .refine((v) => v === "" || /^https:\/\/\S+$/i.test(v), { message: "Logo URL must start with https://" })
    .transform((v) => v || null)
    .nullable()
    .default(null),
});
