"use client";

import Link from "@/components/ui/link";
import { CircleCheck, Share2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useSession } from "@/components/shell/session";
import { packCompletedShareText, packLink } from "@/domain/share";
import type { DialogComponentProps } from "./dialog-types";
import { copyText, nativeShare } from "./share-actions";
import { Celebration } from "@/components/achievements/celebration";

interface PackCompletedProps {
  packURL: string;
  packTitle: string;
  receiptId: string;
  firstTake?: string;
}

/** "Takes Made" and a check after a successful submission: view the receipt, share it, or close (reloads the page). */
export default function PackCompletedDialog({ props, close }: DialogComponentProps<PackCompletedProps>) {
  const { data } = useSession();
  const { showToast } = useToast();
  const receiptPath = `/packs/${props.packURL}/${props.receiptId}`;
  const share = async () => {
    const url = packLink(window.location.origin, props.packURL, { receiptId: props.receiptId, ref: data?.user.profileID });
    if (await nativeShare({ title: props.packTitle, text: packCompletedShareText(props.packTitle, props.firstTake), url })) return;
    const copied = await copyText(url);
    showToast(copied ? "Link copied to clipboard" : "Could not copy the link", copied ? "success" : "error");
  };
  return (
    <Dialog
      // The title keeps its name "Takes Made ✅" (docs/SCREENS.md §4.2) for screen readers, but draws the
      // check as an icon: without an emoji font the ✅ is an empty box.
      title={
        <>
          Takes Made <span className="sr-only">✅</span>
          <CircleCheck size={22} aria-hidden="true" className="inline-block align-[-0.2em] text-won" />
        </>
      }
      description={
        <>
          You submitted your takes for <strong>{props.packTitle}</strong>.
        </>
      }
      actions={
        <>
          {/* The receipt replaces the pack: this dialog closes with it, so nothing waits behind it. */}
          <Link href={receiptPath} className={buttonClass("secondary")} onClick={() => close()}>
            View receipt
          </Link>
          <Button variant="secondary" onClick={() => void share()}>
            <Share2 size={16} aria-hidden="true" /> Share Pack
          </Button>
          <Button onClick={() => window.location.reload()}>Close</Button>
        </>
      }
    >
      {/* The big moment of a submission (issue 42 item 6): announced, and still under reduced motion. */}
      <Celebration testId="pack-celebration" title="Pack submitted!" detail="Your picks are in at the prices you locked. Good luck!" />
    </Dialog>
  );
}
