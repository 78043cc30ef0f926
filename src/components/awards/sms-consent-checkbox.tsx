"use client";

import { useId } from "react";

/** The SMS consent box, unticked until the player ticks it (docs/SCREENS.md §4.3); its state is sent and recorded as consent. */
export function SmsConsentCheckbox({
  checked,
  onChange,
  label,
  className = "mt-4",
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-5 w-5 shrink-0 accent-[var(--color-accent)]"
      />
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
    </div>
  );
}
