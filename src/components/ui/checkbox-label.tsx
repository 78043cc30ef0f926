import type { ReactNode } from "react";

/**
 * A real checkbox inside its label, so the whole line is the target (at least 44px tall where the
 * caller's classes say min-h-11: WCAG 2.5.5) and the label is its accessible name.
 */
export function CheckboxLabel({
  checked,
  onChange,
  className,
  inputClassName = "h-5 w-5 accent-[var(--color-accent)]",
  controls,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className: string;
  inputClassName?: string;
  /** The id of what the box shows or hides (aria-controls). */
  controls?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        aria-controls={controls}
        onChange={(event) => onChange(event.target.checked)}
        className={inputClassName}
      />
      {children}
    </label>
  );
}
