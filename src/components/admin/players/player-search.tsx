"use client";

import { useCallback, useId, useState } from "react";
import Link from "@/components/ui/link";
import { formatDiamondCents } from "@/domain/admin-players";
import { formatE164ForDisplay } from "@/domain/phone";
import { formatDateTime } from "@/domain/time";
import { apiFetch } from "@/components/api/api-fetch";
import { ZPlayerSearchPage } from "@/domain/schemas/admin-players";
import { KeysetRows, useKeysetList, useReloadOnChange } from "@/components/admin/hub/keyset-list";
import { DataTable, Field, FilterBar, Input, tdClass } from "@/components/admin/hub/admin-ui";

/** /admin/players: app users by any part of a handle, or a phone, 50 at a time (docs/SCREENS.md §3.12). */
export function PlayerSearch() {
  const id = useId();
  const [search, setSearch] = useState("");
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const params = new URLSearchParams();
      if (search.trim()) params.set("q", search.trim());
      if (cursor) params.set("cursor", cursor);
      const answer = await apiFetch(`/api/admin/profiles?${params}`, { schema: ZPlayerSearchPage, fallback: "Failed to load players" });
      return answer.ok ? { items: answer.data.players, nextCursor: answer.data.nextCursor } : null;
    },
    [search],
  );
  const list = useKeysetList(fetchPage, "Failed to load players");
  const { reload } = list;

  useReloadOnChange(reload, 250);

  return (
    <div className="grid gap-4">
      <FilterBar label="Search players" className="max-w-md">
        <Field
          id={`${id}-q`}
          label="Handle or phone"
          hint="Search by any part of a handle (its start for one or two characters), or a full phone number"
        >
          <Input
            id={`${id}-q`}
            type="search"
            value={search}
            maxLength={40}
            autoComplete="off"
            aria-describedby={`${id}-q-hint`}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Field>
      </FilterBar>
      <KeysetRows list={list} noun={["player", "players"]} empty="No players match this search." quietOnError>
        {(rows) => (
          <DataTable label="Players" columns={["Handle", "Phone", "Diamonds", "Joined", "Status"]}>
            {rows.map((p) => (
              <tr key={p.id}>
                <td className={tdClass}>
                  <Link href={`/admin/players/${p.id}`} className="font-semibold text-accent hover:underline">
                    @{p.handle}
                  </Link>
                </td>
                <td className={`${tdClass} whitespace-nowrap tabular`}>{p.phone ? formatE164ForDisplay(p.phone) : "Deleted account"}</td>
                <td className={`${tdClass} whitespace-nowrap tabular`}>{formatDiamondCents(p.balanceCents)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(new Date(p.createdAt))}</td>
                <td className={tdClass}>{p.suspendedAt ? <span className="font-semibold text-lost">Suspended</span> : "Active"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </KeysetRows>
    </div>
  );
}
