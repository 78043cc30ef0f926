"use client";

import { CloseButton } from "@/components/ui/close-button";
import { useContext, useEffect, useId, useState } from "react";
import { Download, Link2 } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { qrFileName, svgDataUrl } from "@/domain/qr";
import { Button } from "@/components/ui/button";
import { DialogFrameContext } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { DialogComponentProps } from "./dialog-types";
import { copyText } from "./share-actions";

/** A full-screen white sheet with a large QR code of the link and the link beneath. */
export default function QrCodeDialog({ props }: DialogComponentProps<{ url: string; title?: string }>) {
  const { requestClose } = useContext(DialogFrameContext);
  const { showToast } = useToast();
  const titleId = useId();
  const [image, setImage] = useState<string | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The QR encoder loads only when a code is asked for; the same code as a PNG (shown, and
    // downloaded) and as an SVG (downloaded, for print: issue 41 item 7).
    void import("qrcode").then(async (qr) => {
      const [png, vector] = await Promise.all([
        qr.toDataURL(props.url, { width: 640, margin: 1 }),
        qr.toString(props.url, { type: "svg", margin: 1 }),
      ]);
      if (!live) return;
      setImage(png);
      setSvg(vector);
    });
    return () => {
      live = false;
    };
  }, [props.url]);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="animate-fade-in fixed inset-0 flex flex-col bg-white text-[#0f172a]"
    >
      <div className="flex items-center justify-between p-4">
        <h2 id={titleId} className="text-xl font-extrabold">
          {props.title ?? "Share Pack"}
        </h2>
        <CloseButton label="Close" onClick={requestClose} size={22} className="hover:bg-black/5" />
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-4">
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- a generated data URL
          <img src={image} alt={`QR code for ${props.url}`} className="aspect-square w-full max-w-sm" />
        ) : (
          <div role="status" className="aspect-square w-full max-w-sm animate-pulse rounded-xl bg-black/5">
            <span className="sr-only">Loading…</span>
          </div>
        )}
        <p className="break-all text-center text-sm">{props.url}</p>
        {image && svg ? (
          <div className="flex flex-wrap justify-center gap-2">
            <a href={image} download={qrFileName(props.url, "png")} className={buttonClass("secondary")}>
              <Download size={16} aria-hidden="true" /> Download PNG
            </a>
            <a href={svgDataUrl(svg)} download={qrFileName(props.url, "svg")} className={buttonClass("secondary")}>
              <Download size={16} aria-hidden="true" /> Download SVG
            </a>
          </div>
        ) : null}
        <Button
          variant="secondary"
          onClick={async () => {
            const copied = await copyText(props.url);
            showToast(copied ? "Link copied to clipboard" : "Could not copy the link", copied ? "success" : "error");
          }}
        >
          <Link2 size={16} aria-hidden="true" /> Copy link
        </Button>
      </div>
    </div>
  );
}
