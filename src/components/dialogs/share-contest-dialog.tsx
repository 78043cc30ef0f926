"use client";

import { AlertLine } from "@/components/ui/alert-line";
import { useEffect, useId, useState } from "react";
import { Copy, QrCode, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { DialogComponentProps } from "./dialog-types";

interface ShareContestProps {
  url: string;
  title: string;
  summary?: string | null;
}

/** "Share Contest" (docs/SCREENS.md §4.5): the link, system share, a QR code and copy. */
export default function ShareContestDialog({ props }: DialogComponentProps<ShareContestProps>) {
  const { showToast } = useToast();
  const [canShare, setCanShare] = useState(false);
  const [qrDataUrl, setQrDataUrl] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const ids = useId();

  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);

  async function shareViaSystem() {
    try {
      await navigator.share({ title: props.title, text: props.summary ?? props.title, url: props.url });
    } catch {
      // The user closed the share sheet: nothing to report.
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(props.url);
      showToast("Link copied to clipboard");
    } catch {
      showToast("Could not copy the link", "error");
    }
  }

  async function generateQr() {
    setQrFailed(false);
    try {
      // Loaded only when asked for: the QR encoder stays out of every page's first load.
      const QRCode = await import("qrcode");
      setQrDataUrl(await QRCode.toDataURL(props.url, { margin: 1, width: 320, errorCorrectionLevel: "M" }));
    } catch {
      setQrFailed(true);
    }
  }

  return (
    <Dialog title="Share Contest" description={props.title}>
      {props.summary ? <p className="mb-3 text-sm text-muted">{props.summary}</p> : null}
      <label htmlFor={`${ids}-link`} className="block text-sm font-semibold">
        Contest link
      </label>
      <input
        id={`${ids}-link`}
        readOnly
        value={props.url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-page px-3 text-sm text-ink"
      />
      <div className="mt-4 flex flex-col gap-2">
        {canShare ? (
          <Button onClick={shareViaSystem} className="w-full">
            <Share2 size={16} aria-hidden="true" /> Share via System
          </Button>
        ) : null}
        <Button variant="secondary" onClick={generateQr} className="w-full">
          <QrCode size={16} aria-hidden="true" /> Generate QR
        </Button>
        <Button variant="secondary" onClick={copyLink} className="w-full">
          <Copy size={16} aria-hidden="true" /> Copy Link
        </Button>
      </div>
      {qrDataUrl ? (
        <figure className="mt-4 flex flex-col items-center gap-2 rounded-2xl bg-white p-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URL */}
          <img src={qrDataUrl} alt={`QR code for ${props.url}`} width={240} height={240} className="h-60 w-60" />
          <figcaption className="break-all text-center text-xs text-[#334155]">{props.url}</figcaption>
        </figure>
      ) : null}
      <AlertLine message={qrFailed ? "Could not make the QR code." : null} className="mt-3" />
    </Dialog>
  );
}
