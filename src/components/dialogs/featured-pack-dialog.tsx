"use client";

import Link from "@/components/ui/link";
import { useEffect, useState } from "react";
import { AlertCircle, Loader2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import type { InferOutput } from "valibot";
import { apiFetch } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { VFeaturedPackAnswer } from "@/domain/schemas/play";
import type { DialogComponentProps } from "./dialog-types";

type FeaturedPack = InferOutput<typeof VFeaturedPackAnswer>["featuredPack"];

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; pack: FeaturedPack };

/** The featured pack (GET /api/featuredPack): cover, title, prize image and summary, and "Make my takes". */
export default function FeaturedPackDialog({ close }: DialogComponentProps) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    void apiFetch("/api/featuredPack", { schema: VFeaturedPackAnswer }).then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ kind: "ready", pack: answer.data.featuredPack });
      else setState({ kind: "error", message: answer.status === 404 ? "No active featured pack found" : "Error fetching featured pack" });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Dialog
      title="Featured Pack"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          {state.kind === "ready" ? (
            <Link href={`/packs/${state.pack.packURL}`} className={buttonClass("primary")} data-autofocus onClick={() => close()}>
              Make my takes
            </Link>
          ) : null}
        </>
      }
    >
      {state.kind === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 size={18} className="animate-spin" aria-hidden="true" /> Loading featured pack...
        </p>
      ) : state.kind === "error" ? (
        <p role="alert" className="flex items-center gap-2 text-lost">
          <AlertCircle size={18} aria-hidden="true" /> {state.message}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-3 text-center">
          {state.pack.packCover[0] ? (
            // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
            <img
              src={state.pack.packCover[0].url}
              alt=""
              data-art="cover"
              width={192}
              height={192}
              className="h-48 w-48 rounded-2xl object-cover"
            />
          ) : null}
          <p className="text-lg font-extrabold">{state.pack.packTitle}</p>
          {state.pack.packPrizeImage[0] ? (
            // eslint-disable-next-line @next/next/no-img-element -- prize pictures are admin-entered URLs on any host
            <img src={state.pack.packPrizeImage[0].url} alt="Prize" className="max-h-32 rounded-xl object-contain" />
          ) : null}
          {state.pack.prizeSummary ? <p className="text-muted">{state.pack.prizeSummary}</p> : null}
        </div>
      )}
    </Dialog>
  );
}
