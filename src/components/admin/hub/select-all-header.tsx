"use client";

import type { Dispatch, SetStateAction } from "react";
import { thClass } from "./admin-ui";

/**
 * The "select all shown" checkbox heading a queue dialog's Select column: ticks every row shown
 * (what is selected on other pages stays), or clears them when all are ticked already.
 */
export function SelectAllHeader({
  label,
  ids,
  selected,
  setSelected,
}: {
  label: string;
  ids: readonly string[];
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
}) {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <th scope="col" className={`${thClass} w-10`}>
      <input
        type="checkbox"
        aria-label={label}
        checked={allSelected}
        onChange={() =>
          setSelected((current) => {
            const next = new Set(current);
            for (const id of ids) {
              if (allSelected) next.delete(id);
              else next.add(id);
            }
            return next;
          })
        }
        className="h-5 w-5"
      />
    </th>
  );
}
