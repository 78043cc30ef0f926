import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";

/** Rendered with status 403 when a signed-in non-admin opens an admin page (docs/SCREENS.md §3). */
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">Not authorized</h1>
      <p className="mt-3 text-muted">This area is for admins.</p>
      <Link href="/" className={buttonClass("primary", "mt-6")}>
        Back to Home
      </Link>
    </div>
  );
}
