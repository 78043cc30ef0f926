import Link from "@/components/ui/link";

export function BackLink({ href = "/admin", label = "← Back to Admin" }: { href?: string; label?: string }) {
  return (
    <Link href={href} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
      {label}
    </Link>
  );
}
