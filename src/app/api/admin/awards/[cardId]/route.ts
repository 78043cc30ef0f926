import { ZAwardCardInput } from "@/domain/award-card-form";
import { saveAwardCard } from "@/server/awards/save-award-card";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZSaveAwardCardAnswer } from "@/domain/schemas/awards";
import { idSchema } from "@/domain/ids";

export const dynamic = "force-dynamic";
const ZCardId = idSchema("Card not found.");

// PUT /api/admin/awards/{cardId} {card} – update a card (disable it with status "disabled")
export const PUT = withAdmin<{ cardId: string }>(async ({ req, params, session }) => {
  const cardId = ZCardId.parse(params.cardId);
  const input = await readJson(req, ZAwardCardInput);
  return okThrough(ZSaveAwardCardAnswer, { card: await saveAwardCard({ actorProfileId: session.profileId, cardId, input }) });
});
