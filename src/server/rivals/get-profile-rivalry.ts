import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { findRematchPack } from "./find-rematch-pack";
import type { ProfileRivalry, RivalRecord } from "@/domain/rivals";
import { recordsAgainst } from "./records-against";

/**
 * What a profile page shows of rivalries (docs/decisions/069-rivals-and-the-ai-player.md): the
 * viewer's record against the player whose profile it is, with the pack a rematch would be on (never
 * against the AI player, who cannot be challenged), and that player's own record against the AI.
 */
export async function getProfileRivalry(options: {
  viewerId: string | null;
  profileId: string;
  now?: Date;
  db?: DbOrTx;
}): Promise<ProfileRivalry> {
  const db = options.db ?? (await getReadDb());
  const { viewerId, profileId } = options;
  const isAi = profileId === AI_PLAYER_ID;
  const againstViewer: RivalRecord | null =
    viewerId && viewerId !== profileId ? ((await recordsAgainst(db, viewerId, [profileId])).get(profileId) ?? null) : null;
  const rematchPack =
    againstViewer && !isAi ? await findRematchPack(db, { viewerId: viewerId!, opponentId: profileId, now: options.now }) : null;
  const againstAi = isAi ? null : ((await recordsAgainst(db, profileId, [AI_PLAYER_ID])).get(AI_PLAYER_ID)?.packs ?? null);
  return { isAi, againstViewer, rematchPack, againstAi };
}
