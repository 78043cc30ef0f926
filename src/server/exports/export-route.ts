import "server-only";
import { exportFileName } from "@/domain/csv";
import { ZExportQuery, type ExportKind } from "@/domain/schemas/bulk-tools";
import { readQuery, withAdmin } from "@/server/http/api";
import { csvResponse } from "./csv-stream";
import { LEDGER_HEADER, PICKS_HEADER, STANDINGS_HEADER, ledgerBatches, pickBatches, standingsBatches } from "./export-rows";
import { resolveExportScope, type ExportScope } from "./export-scope";

const EXPORTS = {
  picks: { header: PICKS_HEADER, batches: (scope: ExportScope) => pickBatches(scope) },
  standings: { header: STANDINGS_HEADER, batches: (scope: ExportScope) => standingsBatches(scope) },
  ledger: { header: LEDGER_HEADER, batches: (scope: ExportScope) => ledgerBatches(scope) },
} satisfies Record<ExportKind, unknown>;

/**
 * GET /api/admin/exports/{kind}?pack=… | ?week=… | ?contest=… – a streamed CSV attachment
 * (docs/decisions/063-bulk-tools.md). A bad scope is the usual JSON 4xx, before any CSV.
 */
export function exportRoute(kind: ExportKind) {
  return withAdmin(
    async ({ req }) => {
      const scope = await resolveExportScope(readQuery(req, ZExportQuery));
      const { header, batches } = EXPORTS[kind];
      return csvResponse(exportFileName([kind, scope.label]), header, batches(scope));
    },
    // Picks and standings are a league's own record; the ledger is the diamonds' (super admin only, decision 064).
    kind === "ledger" ? {} : { allow: "commissioner" },
  );
}
