"use client";

import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { PackOption } from "@/domain/schemas/contests";

/**
 * The packs of a collection (a contest's or a series'), the one part both forms share
 * (docs/decisions/047-admin-forms.md): "Add Packs" opens the picker, each pack can be removed, and
 * a series' packs keep an order the admin sets with Move up / Move down.
 */
export function CollectionPacksField({
  legend,
  packs,
  onChange,
  onAdd,
  ordered = false,
  error,
  errorId,
}: {
  legend: string;
  packs: PackOption[];
  onChange: (packs: PackOption[]) => void;
  onAdd: () => void;
  ordered?: boolean;
  error?: string;
  errorId: string;
}) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...packs];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  const remove = (id: string) => onChange(packs.filter((pack) => pack.id !== id));
  const List = ordered ? "ol" : "ul";
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onAdd}>
          Add Packs
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          {packs.length} selected
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
      {packs.length > 0 ? (
        <List className="flex flex-col divide-y divide-line rounded-xl ring-1 ring-line">
          {packs.map((pack, index) => (
            <li key={pack.id} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="min-w-0 truncate">
                {ordered ? <span className="tabular mr-2 text-muted">{index + 1}.</span> : null}
                <span className="font-semibold">{pack.title}</span>{" "}
                {ordered ? null : <span className="text-xs text-muted">/{pack.packURL}</span>}
              </span>
              <span className="flex shrink-0 items-center">
                {ordered ? (
                  <>
                    <Button
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${pack.title} up`}
                      className="px-3"
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={index === packs.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${pack.title} down`}
                      className="px-3"
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" onClick={() => remove(pack.id)} aria-label={`Remove ${pack.title}`} className="px-3">
                      <X size={16} aria-hidden="true" />
                    </Button>
                  </>
                ) : (
                  <Button variant="ghost" onClick={() => remove(pack.id)} aria-label={`Remove ${pack.title}`}>
                    <X size={16} aria-hidden="true" /> Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
        </List>
      ) : null}
    </fieldset>
  );
}
