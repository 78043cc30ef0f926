"use client";

import { useId } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * A labelled filter select whose choice lives in the URL (`?{param}=`), so a filtered list can be
 * shared and reloaded: the empty value removes the parameter, and the `resets` parameters (the page,
 * the cursor) go with a change, since another filter starts the list again from its start.
 */
export function UrlFilterSelect({
  label,
  param,
  value,
  options,
  resets,
  replace = false,
}: {
  label: string;
  param: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  resets: string[];
  /** Replace the history entry and keep the scroll (a filter within a page) instead of pushing a new one. */
  replace?: boolean;
}) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = new URLSearchParams(searchParams.toString());
          if (event.target.value) next.set(param, event.target.value);
          else next.delete(param);
          for (const reset of resets) next.delete(reset);
          const query = next.toString();
          const href = query ? `${pathname}?${query}` : pathname;
          if (replace) router.replace(href, { scroll: false });
          else router.push(href);
        }}
        className="min-h-11 rounded-full border border-line bg-surface px-4 text-sm font-semibold"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
