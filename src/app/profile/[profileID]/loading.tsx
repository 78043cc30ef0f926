import { Loader2 } from "lucide-react";

export default function ProfileLoading() {
  return (
    <p role="status" className="mt-16 flex items-center justify-center gap-2 text-muted">
      <Loader2 size={18} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Loading profile...
    </p>
  );
}
