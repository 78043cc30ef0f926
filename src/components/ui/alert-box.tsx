import { AlertCircle } from "lucide-react";

/** A failure on the tinted panel with its icon (colour is never the only signal), role="alert"; nothing when there is none. */
export function AlertBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-lost-tint p-3 text-sm font-semibold text-lost">
      <AlertCircle size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
      {message}
    </p>
  );
}
