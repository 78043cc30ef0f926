import { MarketplaceHeader } from "./marketplace-header";

export default function MarketplaceLoading() {
  return (
    <div className="flex flex-col gap-6">
      <MarketplaceHeader />
      <p role="status" className="text-muted">
        Loading…
      </p>
      <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="aspect-[3/4] animate-pulse rounded-2xl bg-surface" />
        ))}
      </div>
    </div>
  );
}
