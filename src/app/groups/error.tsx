"use client";

import { PageError } from "@/components/shell/page-error";

export default function GroupsError({ reset }: { error: Error; reset: () => void }) {
  return <PageError title="Groups" message="Could not load groups" reset={reset} />;
}
