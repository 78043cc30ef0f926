import "server-only";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TakeResult } from "@/domain/points";
import type { ParsedEspnTeam } from "@/server/integrations/espn/parse-teams";
import type * as schema from "../schema";
import type { DemoHandle } from "./identities";
import type { PropStatus } from "./props";

// The demo world as the rows it inserts, table by table.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export type Row<T extends PgTable> = T["$inferInsert"];
export type TeamRow = Row<typeof schema.teams> & ParsedEspnTeam & { id: string };
export type PackRow = Row<typeof schema.packs> & { id: string; closeTime: Date };
export type PropRow = Row<typeof schema.props> & {
  id: string;
  packId: string;
  status: PropStatus;
  sideAValue: number;
  sideBValue: number;
};
export type ReceiptRow = Row<typeof schema.receipts> & { createdAt: Date };
export type TakeRow = Row<typeof schema.takes> & { id: string; result: TakeResult; isCurrent: boolean; side: "A" | "B" };
export type LedgerRow = Row<typeof schema.tokenLedger>;

export interface World {
  teams: TeamRow[];
  profiles: Row<typeof schema.profiles>[];
  events: Row<typeof schema.events>[];
  packs: PackRow[];
  packEvents: Row<typeof schema.packEvents>[];
  props: PropRow[];
  series: Row<typeof schema.series>[];
  seriesPacks: Row<typeof schema.seriesPacks>[];
  contests: Row<typeof schema.contests>[];
  contestPacks: Row<typeof schema.contestPacks>[];
  receipts: ReceiptRow[];
  takes: TakeRow[];
  items: Row<typeof schema.items>[];
  itemCodes: Row<typeof schema.itemCodes>[];
  exchanges: Row<typeof schema.exchanges>[];
  awardCards: Row<typeof schema.awardCards>[];
  awardClaims: Row<typeof schema.awardClaims>[];
  ledger: LedgerRow[];
  follows: Row<typeof schema.follows>[];
  subscriptions: Row<typeof schema.subscriptions>[];
  h2hChallenges: Row<typeof schema.h2hChallenges>[];
  memberPasswords: Row<typeof schema.memberPasswords>[];
  adminId: string;
  counts: Record<string, number>;
}

/** The people of the demo world, with their ids. */
export interface Cast {
  adminId: string;
  playerId: Record<DemoHandle, string>;
  joinedAt: Date;
  profileRows: Row<typeof schema.profiles>[];
}

/** The teams the demo world mentions by name. */
export interface KeyTeams {
  eagles: TeamRow;
  cowboys: TeamRow;
  phillies: TeamRow;
  yankees: TeamRow;
}
