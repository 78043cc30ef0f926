import Link from "@/components/ui/link";

/** The marketplace's title and line, the same while the page loads (loading.tsx) as once it has. */
export function MarketplaceHeader() {
  return (
    <header>
      <h1 className="text-3xl font-extrabold tracking-tight">Marketplace</h1>
      <p className="mt-1 text-muted">
        Spend your diamonds on rewards. Every point you win adds 5% of it in diamonds.{" "}
        <Link href="/how-it-works#diamonds" className="font-semibold text-accent hover:underline">
          How points work
        </Link>
      </p>
    </header>
  );
}
