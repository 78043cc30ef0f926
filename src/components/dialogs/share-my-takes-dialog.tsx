"use client";

import { useEffect, useState } from "react";
import { Copy, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { packLink, shareMyTakesText } from "@/domain/share";
import type { DialogComponentProps } from "./dialog-types";
import { canShare, copyText, nativeShare } from "./share-actions";

interface ShareMyTakesProps {
  packURL: string;
  packTitle: string;
  handle: string;
  takes: string[];
}

const COPIED_MS = 1_200;

/** "Share my takes": a preview of the saved picks with the pack link (carrying ?ref), copy and native share. */
export default function ShareMyTakesDialog({ props }: DialogComponentProps<ShareMyTakesProps>) {
  const { showToast } = useToast();
  const [text, setText] = useState("");
  const [copied, setCopied] = useState(false);
  const [shareable, setShareable] = useState(false);
  useEffect(() => {
    setText(shareMyTakesText(props.packTitle, props.takes, packLink(window.location.origin, props.packURL, { ref: props.handle })));
    setShareable(canShare());
  }, [props]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Dialog
      title="Share my takes"
      actions={
        <>
          <Button
            variant="secondary"
            onClick={async () => {
              if (await copyText(text)) {
                setCopied(true);
                showToast("Copied to clipboard");
              } else showToast("Could not copy", "error");
            }}
          >
            <Copy size={16} aria-hidden="true" /> {copied ? "Copied" : "Copy"}
          </Button>
          {shareable ? (
            <Button onClick={() => void nativeShare({ title: props.packTitle, text })}>
              <Share2 size={16} aria-hidden="true" /> Share
            </Button>
          ) : null}
        </>
      }
    >
      <label className="block text-sm font-semibold" htmlFor="share-my-takes-preview">
        Preview
      </label>
      <textarea
        id="share-my-takes-preview"
        readOnly
        value={text}
        rows={Math.min(10, props.takes.length + 3)}
        className="mt-1 w-full resize-none rounded-xl border border-line bg-page p-3 text-sm"
      />
    </Dialog>
  );
}
