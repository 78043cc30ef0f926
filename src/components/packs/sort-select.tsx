"use client";

import { useRouter } from "next/navigation";
import { PACK_SORTS } from "./pack-sorts";

/** The feed's sort select; the choice lives in the URL (history replace). */
export function SortSelect({ value }: { value: string }) {
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm font-semibold text-muted">
      Sort
      <select
        value={value}
        onChange={(event) => {
          const url = new URL(window.location.href);
          url.searchParams.set("sort", event.target.value);
          router.replace(`${url.pathname}${url.search}`, { scroll: false });
        }}
        className="min-h-11 rounded-full border border-line bg-surface px-3 text-sm font-semibold text-ink"
      >
        {PACK_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}
