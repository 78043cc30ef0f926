import { ZAwardCardInput } from "@/domain/award-card-form";
import { saveAwardCard } from "@/server/awards/save-award-card";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZSaveAwardCardAnswer } from "@/domain/schemas/awards";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

// PUT /api/admin/awards/{cardId} {card} – update a card (disable it with status "disabled")
export const PUT = withAdmin(
  async ({ req, params: { cardId }, session }) => {
    const input = await readJson(req, ZAwardCardInput);
    return okThrough(ZSaveAwardCardAnswer, { card: await saveAwardCard({ actorProfileId: session.profileId, cardId, input }) });
  },
  { params: idParams("cardId", "Card not found.") },
);
