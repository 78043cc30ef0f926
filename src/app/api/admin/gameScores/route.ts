// GET /api/admin/gameScores?packURL – the games of a pack, or (without) the games whose ungraded props wait for a result, with ESPN's reading, the hand score and their disagreement → {games}
// POST /api/admin/gameScores {scores:[{eventId,status,homeScore,awayScore}], reason?, beforeStart?} – store each game's result typed by hand and grade every prop of every pack on it by the auto-grading rules → gradeProps' answer + {games, manual, waiting}
import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { listGameScores, setGameScores } from "@/server/grading/game-scores";
import { ZGameScoresAnswer, ZGameScoresList, ZGameScoresQuery, ZGameScoresRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

// Grading is the commissioner's work (docs/decisions/064-commissioner-role.md).
const COMMISSIONER = { allow: "commissioner" } as const;

export const GET = withAdmin(async ({ req }) => {
  const { packURL } = readQuery(req, ZGameScoresQuery);
  return okThrough(ZGameScoresList, { games: await listGameScores({ packURL }) });
}, COMMISSIONER);

export const POST = withAdmin(async ({ req, session }) => {
  const request = await readJson(req, ZGameScoresRequest);
  return okThrough(ZGameScoresAnswer, await setGameScores(request, { actorProfileId: session.profileId }));
}, COMMISSIONER);
