import { ZAwardCardInput } from "@/domain/award-card-form";
import { listAwardCardsForAdmin } from "@/server/awards/list-award-cards";
import { saveAwardCard } from "@/server/awards/save-award-card";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZAdminAwardCardsAnswer, ZSaveAwardCardAnswer } from "@/domain/schemas/awards";

export const dynamic = "force-dynamic";

// GET /api/admin/awards – every award and promo card with claims counts, plus the teams and series to pick from
export const GET = withAdmin(async () => okThrough(ZAdminAwardCardsAnswer, await listAwardCardsForAdmin()));

// POST /api/admin/awards {card} – create a card
export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZAwardCardInput);
  return okThrough(ZSaveAwardCardAnswer, { card: await saveAwardCard({ actorProfileId: session.profileId, input }) }, { status: 201 });
});
