"use client";

import { useEffect, useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/** The matchup link for the challenger to send, with "Copy Link" (built in the browser so it matches this site). */
export function CopyChallengeLink({ path, opponentHandle }: { path: string; opponentHandle: string }) {
  const { showToast } = useToast();
  const [url, setUrl] = useState(path);
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-accent-tint p-4">
      <p className="font-semibold">
        @{opponentHandle} will see your challenge on their next visit, and gets a text with this link if they take texts. You can send it to
        them yourself too:
      </p>
      <p className="break-all rounded-xl bg-surface px-3 py-2 text-sm">{url}</p>
      <div>
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              showToast("Link copied to clipboard");
            } catch {
              showToast("Could not copy the link", "error");
            }
          }}
        >
          <Copy size={16} aria-hidden="true" /> Copy Link
        </Button>
      </div>
    </div>
  );
}
