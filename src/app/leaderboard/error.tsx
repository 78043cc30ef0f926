"use client";

import { PageError } from "@/components/shell/page-error";

export default function LeaderboardError({ reset }: { error: Error; reset: () => void }) {
  return <PageError title="Leaderboard" message="Could not fetch leaderboard" reset={reset} />;
}
