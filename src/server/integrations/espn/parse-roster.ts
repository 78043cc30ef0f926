import "server-only";
import { z } from "zod";
import { ZEspnId } from "./game";

const ZAthlete = z.object({
  id: ZEspnId,
  fullName: z.string().optional(),
  displayName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  jersey: z.string().optional(),
  position: z.union([z.string(), z.object({ abbreviation: z.string().optional(), name: z.string().optional() })]).optional(),
  headshot: z.union([z.string(), z.object({ href: z.string() })]).optional(),
});

// Football and baseball rosters group athletes ({position, items[]}); other
// sports list them flat. Both are accepted.
const ZRoster = z.object({ athletes: z.array(z.unknown()) });
const ZGroup = z.object({ items: z.array(z.unknown()) });

export interface ParsedEspnPlayer {
  espnPlayerId: string;
  fullName: string;
  position: string | null;
  jersey: string | null;
  headshotUrl: string | null;
}

/** Reads `/teams/{id}/roster`; athletes without an id or a name are left out. */
export function parseEspnRoster(json: unknown): ParsedEspnPlayer[] {
  const parsed = ZRoster.safeParse(json);
  if (!parsed.success) throw new Error("ESPN roster has an unexpected shape");
  const flat = parsed.data.athletes.flatMap((entry) => {
    const group = ZGroup.safeParse(entry);
    return group.success ? group.data.items : [entry];
  });
  const players = new Map<string, ParsedEspnPlayer>();
  for (const raw of flat) {
    const athlete = ZAthlete.safeParse(raw);
    if (!athlete.success) continue;
    const a = athlete.data;
    const fullName = a.fullName ?? a.displayName ?? [a.firstName, a.lastName].filter(Boolean).join(" ");
    if (!fullName) continue;
    players.set(a.id, {
      espnPlayerId: a.id,
      fullName,
      position: typeof a.position === "string" ? a.position : (a.position?.abbreviation ?? a.position?.name ?? null),
      jersey: a.jersey ?? null,
      headshotUrl: typeof a.headshot === "string" ? a.headshot : (a.headshot?.href ?? null),
    });
  }
  return [...players.values()];
}
