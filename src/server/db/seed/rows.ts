import "server-only";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TakeResult } from "@/domain/points";
import type { ParsedEspnTeam } from "@/server/integrations/espn/parse-teams";
import {
  awardCards,
  awardClaims,
  contestPacks,
  contests,
  events,
  exchanges,
  follows,
  h2hChallenges,
  itemCodes,
  items,
  memberPasswords,
  packEvents,
  packs,
  profiles,
  props,
  receipts,
  series,
  seriesPacks,
  subscriptions,
  takes,
  teams,
  tokenLedger,
} from "../schema";
import type { DemoHandle } from "./identities";
import type { PropStatus } from "./props";

// The demo world as the rows it inserts, table by table.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export type Row<T extends PgTable> = T["$inferInsert"];
export type TeamRow = Row<typeof teams> & ParsedEspnTeam & { id: string };
export type PackRow = Row<typeof packs> & { id: string; closeTime: Date };
export type PropRow = Row<typeof props> & {
  id: string;
  packId: string;
  status: PropStatus;
  sideAValue: number;
  sideBValue: number;
};
export type ReceiptRow = Row<typeof receipts> & { createdAt: Date };
export type TakeRow = Row<typeof takes> & { id: string; result: TakeResult; isCurrent: boolean; side: "A" | "B" };
export type LedgerRow = Row<typeof tokenLedger>;

export interface World {
  teams: TeamRow[];
  profiles: Row<typeof profiles>[];
  events: Row<typeof events>[];
  packs: PackRow[];
  packEvents: Row<typeof packEvents>[];
  props: PropRow[];
  series: Row<typeof series>[];
  seriesPacks: Row<typeof seriesPacks>[];
  contests: Row<typeof contests>[];
  contestPacks: Row<typeof contestPacks>[];
  receipts: ReceiptRow[];
  takes: TakeRow[];
  items: Row<typeof items>[];
  itemCodes: Row<typeof itemCodes>[];
  exchanges: Row<typeof exchanges>[];
  awardCards: Row<typeof awardCards>[];
  awardClaims: Row<typeof awardClaims>[];
  ledger: LedgerRow[];
  follows: Row<typeof follows>[];
  subscriptions: Row<typeof subscriptions>[];
  h2hChallenges: Row<typeof h2hChallenges>[];
  memberPasswords: Row<typeof memberPasswords>[];
  adminId: string;
  counts: Record<string, number>;
}

/** The people of the demo world, with their ids. */
export interface Cast {
  adminId: string;
  playerId: Record<DemoHandle, string>;
  joinedAt: Date;
  profileRows: Row<typeof profiles>[];
}

/** The teams the demo world mentions by name. */
export interface KeyTeams {
  eagles: TeamRow;
  cowboys: TeamRow;
  phillies: TeamRow;
  yankees: TeamRow;
}
