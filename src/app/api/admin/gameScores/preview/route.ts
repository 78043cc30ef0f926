// POST /api/admin/gameScores/preview {scores, beforeStart?} – what typing these results would do: props graded, packs, takes paid, re-grades, props left for hand grading, games not yet started → {games, props, packs, takes, regrades, manual, waiting, beforeStart}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { previewGameScores } from "@/server/grading/game-scores";
import { ZGameScoresPreview, ZGameScoresRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req }) => okThrough(ZGameScoresPreview, await previewGameScores(await readJson(req, ZGameScoresRequest))),
  { allow: "commissioner" },
);
