"use client";

import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/** Copies the group's invite link (the server wrote the whole URL: src/app/groups/[groupId]/page.tsx). */
export function CopyInvite({ url }: { url: string }) {
  const { showToast } = useToast();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          showToast("Invite link copied");
        } catch {
          showToast("Could not copy the link", "error");
        }
      }}
    >
      <Copy size={16} aria-hidden="true" /> Copy
    </Button>
  );
}
