// GET/PUT /api/admin/standings/tieBreak: the tie-break order of a league season's or a contest's
// standings, chosen by the commissioner (docs/decisions/062-league-standings.md).
import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { ZStandingsRuleAnswer, ZStandingsRuleForm, ZStandingsRuleQuery } from "@/domain/schemas/standings";
import { standingsTieBreakWords } from "@/domain/standings";
import { readStandingsRule, saveStandingsRule } from "@/server/standings/standings-rules";

export const dynamic = "force-dynamic";

// A league's standings are the commissioner's to run (docs/decisions/064-commissioner-role.md).
const COMMISSIONER = { allow: "commissioner" } as const;

export const GET = withAdmin(async ({ req }) => {
  const { scope } = readQuery(req, ZStandingsRuleQuery);
  const rule = await readStandingsRule(scope);
  return okThrough(ZStandingsRuleAnswer, {
    scope,
    tieBreak: rule.order,
    tieBreakWords: standingsTieBreakWords(rule.order),
    chosen: rule.chosen,
  });
}, COMMISSIONER);

export const PUT = withAdmin(async ({ req, session }) => {
  const form = await readJson(req, ZStandingsRuleForm);
  const saved = await saveStandingsRule({ scope: form.scope, order: form.tieBreak, actorProfileId: session.profileId });
  return okThrough(ZStandingsRuleAnswer, {
    scope: saved.scope,
    tieBreak: saved.order,
    tieBreakWords: standingsTieBreakWords(saved.order),
    chosen: true,
  });
}, COMMISSIONER);
