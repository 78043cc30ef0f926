"use client";

import { ZRefreshPackOddsAnswer, ZRefreshPropOddsAnswer } from "@/domain/schemas/props";
import { formatMoneyline } from "@/domain/prices";
import { countOf } from "@/domain/plural";
import { AdminActionButton } from "@/components/admin/hub/admin-action-button";

/** "Refresh odds" on the prop screen: the prop's price from ESPN now (docs/decisions/056-price-history.md). */
export function RefreshPropOddsButton({ propId }: { propId: string }) {
  return (
    <AdminActionButton
      url={`/api/admin/props/${propId}/odds`}
      schema={ZRefreshPropOddsAnswer}
      label="Refresh odds"
      busyLabel="Refreshing..."
      describe={({ refresh }) =>
        `${refresh.changed ? "New price" : "Price unchanged"}: ${formatMoneyline(refresh.sideAMoneyline)} / ${formatMoneyline(refresh.sideBMoneyline)}${refresh.provider ? ` (${refresh.provider})` : ""}.`
      }
    />
  );
}

/** "Refresh odds" on the pack screen: every ESPN-priced prop of the pack that has not locked. */
export function RefreshPackOddsButton({ packId }: { packId: string }) {
  return (
    <AdminActionButton
      url={`/api/admin/packs/${packId}/odds`}
      schema={ZRefreshPackOddsAnswer}
      label="Refresh odds"
      busyLabel="Refreshing..."
      describe={({ refreshed, skipped }) =>
        `Refreshed ${countOf(refreshed.length, "prop")} (${refreshed.filter((r) => r.changed).length} changed)${skipped.length ? `; left ${skipped.length}: ${[...new Set(skipped.map((s) => s.reason))].join(" ")}` : ""}.`
      }
    />
  );
}
