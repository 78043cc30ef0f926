import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, withOptionalSession } from "@/server/http/api";
import { listTeams } from "@/server/teams/list-teams";
import { ZTeamsAnswer } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// GET /api/teams – every non-league team, sorted by full name
export const GET = withOptionalSession(async () =>
  withFallbackError("Error fetching teams", async () => okThrough(ZTeamsAnswer, { teams: await listTeams() })),
);
