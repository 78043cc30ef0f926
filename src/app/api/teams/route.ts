import { withFallbackError } from "@/server/awards/with-fallback-error";
import { ok, withOptionalSession } from "@/server/http/api";
import { listTeams } from "@/server/teams/list-teams";

export const dynamic = "force-dynamic";

// GET /api/teams – every non-league team, sorted by full name
export const GET = withOptionalSession(async () =>
  withFallbackError("Error fetching teams", async () => ok({ teams: await listTeams() })),
);
