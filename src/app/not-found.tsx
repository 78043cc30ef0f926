import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";

// An unknown address says so in the tab too, not just "Takes".
export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted">We couldn&apos;t find what you were looking for.</p>
      <Link href="/" className={buttonClass("primary", "mt-6")}>
        Back to Home
      </Link>
    </div>
  );
}
