"use client";

import { useId } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** The takes history's "Team" select; the choice lives in the URL (`?team=league:slug`). */
export function TeamFilter({ teams, value }: { teams: Array<{ key: string; name: string }>; value: string }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        Team
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = new URLSearchParams(searchParams.toString());
          if (event.target.value) next.set("team", event.target.value);
          else next.delete("team");
          // Another team starts again from the latest packs.
          next.delete("before");
          const query = next.toString();
          router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
        }}
        className="min-h-11 rounded-full border border-line bg-surface px-4 text-sm font-semibold"
      >
        <option value="">All Teams</option>
        {teams.map((team) => (
          <option key={team.key} value={team.key}>
            {team.name}
          </option>
        ))}
      </select>
    </div>
  );
}
