/** The marketplace's title and line, the same while the page loads (loading.tsx) as once it has. */
export function MarketplaceHeader() {
  return (
    <header>
      <h1 className="text-3xl font-extrabold tracking-tight">Marketplace</h1>
      <p className="mt-1 text-muted">Spend your diamonds on rewards.</p>
    </header>
  );
}
