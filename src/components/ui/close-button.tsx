import { X } from "lucide-react";

/** The round "×" that closes or dismisses a panel; its accessible name says what it closes. */
export function CloseButton({ label, onClick, size, className }: { label: string; onClick: () => void; size: number; className: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-full ${className}`}
    >
      <X size={size} aria-hidden="true" />
    </button>
  );
}
