"use client";

import { PageError } from "@/components/shell/page-error";

export default function StandingsError({ reset }: { error: Error; reset: () => void }) {
  return <PageError title="Standings" message="Could not load the standings" reset={reset} />;
}
