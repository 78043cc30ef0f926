"use client";

import { UrlFilterSelect } from "@/components/ui/url-filter-select";

const OPTIONS = [
  { value: "", label: "All leagues" },
  { value: "nfl", label: "NFL" },
  { value: "mlb", label: "MLB" },
];

/** The leaderboard's league filter; the choice lives in the URL (`?league=`) and starts again at page 1. */
export function LeagueSelect({ value }: { value: string }) {
  return <UrlFilterSelect label="League" param="league" value={value} options={OPTIONS} resets={["page"]} />;
}
