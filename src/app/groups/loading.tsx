import { PageLoading } from "@/components/shell/page-loading";

export default function GroupsLoading() {
  return <PageLoading title="Groups" message="Loading groups..." />;
}
