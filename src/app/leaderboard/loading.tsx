import { PageLoading } from "@/components/shell/page-loading";

export default function LeaderboardLoading() {
  return <PageLoading title="Leaderboard" message="Loading leaderboard..." />;
}
