import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";

export default function ProfileNotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted">Profile not found.</p>
      <Link href="/" className={buttonClass("primary", "mt-6")}>
        Back to Home
      </Link>
    </div>
  );
}
