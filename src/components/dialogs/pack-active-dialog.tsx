"use client";

import Link from "@/components/ui/link";
import { Clock } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { LiveCountdown } from "@/components/packs/live-countdown";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

interface PackActiveProps {
  packURL: string;
  title: string;
  coverUrl?: string | null;
  closeTime?: string | null;
  /** "Closes Sun, Oct 12 · 1:00 PM ET", formatted by the server so the dialog needs no time-zone data. */
  closeDescription?: string | null;
}

/** "Pack active now!": an open pack with its close countdown and an "Open pack" link. */
export default function PackActiveDialog({ props, close }: DialogComponentProps<PackActiveProps>) {
  return (
    <Dialog
      title="Pack active now!"
      description="Make your take on this open pack now."
      actions={
        <Link href={`/packs/${props.packURL}`} className={buttonClass("primary")} data-autofocus onClick={() => close()}>
          Open pack
        </Link>
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        {props.closeTime ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-tint px-3 py-1 text-sm text-accent">
            <Clock size={14} aria-hidden="true" />
            <LiveCountdown target={props.closeTime} prefix="Closes in" description={props.closeDescription ?? ""} showSeconds />
          </span>
        ) : null}
        {props.coverUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
          <img src={props.coverUrl} alt="" data-art="cover" width={160} height={160} className="h-40 w-40 rounded-2xl object-cover" />
        ) : null}
        <p className="text-lg font-extrabold">{props.title}</p>
      </div>
    </Dialog>
  );
}
