"use client";

import { UrlFilterSelect } from "@/components/ui/url-filter-select";

/** The takes history's "Team" select; the choice lives in the URL (`?team=league:slug`). */
export function TeamFilter({ teams, value }: { teams: Array<{ key: string; name: string }>; value: string }) {
  return (
    <UrlFilterSelect
      label="Team"
      param="team"
      value={value}
      options={[{ value: "", label: "All Teams" }, ...teams.map((team) => ({ value: team.key, label: team.name }))]}
      // Another team starts again from the latest packs.
      resets={["before"]}
      replace
    />
  );
}
