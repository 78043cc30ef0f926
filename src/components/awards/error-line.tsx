import { AlertCircle } from "lucide-react";

/** A red error line with its icon (colour is never the only signal). */
export function ErrorLine({ message }: { message: string }) {
  return (
    <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-lost">
      <AlertCircle size={16} aria-hidden="true" />
      {message}
    </p>
  );
}
