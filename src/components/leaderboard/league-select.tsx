"use client";

import { useId } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

const OPTIONS = [
  { value: "", label: "All leagues" },
  { value: "nfl", label: "NFL" },
  { value: "mlb", label: "MLB" },
];

/** The leaderboard's league filter; the choice lives in the URL (`?league=`) and starts again at page 1. */
export function LeagueSelect({ value }: { value: string }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        League
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = new URLSearchParams(searchParams.toString());
          if (event.target.value) next.set("league", event.target.value);
          else next.delete("league");
          next.delete("page");
          const query = next.toString();
          router.push(query ? `${pathname}?${query}` : pathname);
        }}
        className="min-h-11 rounded-full border border-line bg-surface px-4 text-sm font-semibold"
      >
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
