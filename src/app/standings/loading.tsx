import { PageLoading } from "@/components/shell/page-loading";

export default function StandingsLoading() {
  return <PageLoading title="Standings" message="Loading standings..." />;
}
