"use client";

import { Link2, QrCode, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useSession } from "@/components/shell/session";
import { packLink } from "@/domain/share";
import { useModal } from "./modal-context";
import type { DialogComponentProps } from "./dialog-types";
import { copyText, nativeShare } from "./share-actions";

interface SharePackProps {
  packURL: string;
  packTitle: string;
  summary?: string | null;
}

/** "Share Pack": system share, copy link or a QR code; a player's link carries ?ref={handle}. */
export default function SharePackDialog({ props, close }: DialogComponentProps<SharePackProps>) {
  const { data } = useSession();
  const { showToast } = useToast();
  const { openModal } = useModal();
  const link = () => packLink(window.location.origin, props.packURL, { ref: data?.user.profileID });
  const copy = async () => {
    const copied = await copyText(link());
    showToast(copied ? "Link copied to clipboard" : "Could not copy the link", copied ? "success" : "error");
  };
  return (
    <Dialog
      title="Share Pack"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          <Button variant="secondary" onClick={() => void openModal("qrCode", { url: link(), title: "Share Pack" })}>
            <QrCode size={16} aria-hidden="true" /> Generate QR
          </Button>
          <Button variant="secondary" onClick={() => void copy()}>
            <Link2 size={16} aria-hidden="true" /> Copy link
          </Button>
          <Button
            onClick={async () => {
              if (!(await nativeShare({ title: props.packTitle, text: props.summary ?? props.packTitle, url: link() }))) await copy();
            }}
          >
            <Share2 size={16} aria-hidden="true" /> Share
          </Button>
        </>
      }
    >
      <p className="text-lg font-extrabold">{props.packTitle}</p>
      {props.summary ? <p className="mt-1 text-muted">{props.summary}</p> : null}
    </Dialog>
  );
}
