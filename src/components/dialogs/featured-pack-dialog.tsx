"use client";

import Link from "@/components/ui/link";
import { Button, buttonClass } from "@/components/ui/button";
import { LoadState, useApiQuery } from "@/components/api/use-api-query";
import { Dialog } from "@/components/ui/dialog";
import { VFeaturedPackAnswer } from "@/domain/schemas/play";
import type { DialogComponentProps } from "./dialog-types";

/** The featured pack (GET /api/featuredPack): cover, title, prize image and summary, and "Make my takes". */
export default function FeaturedPackDialog({ close }: DialogComponentProps) {
  const featured = useApiQuery("/api/featuredPack", { schema: VFeaturedPackAnswer });

  return (
    <Dialog
      title="Featured Pack"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          {featured.state.status === "ready" ? (
            <Link
              href={`/packs/${featured.state.data.featuredPack.packURL}`}
              className={buttonClass("primary")}
              data-autofocus
              onClick={() => close()}
            >
              Make my takes
            </Link>
          ) : null}
        </>
      }
    >
      <LoadState
        state={featured.state}
        onRetry={featured.retry}
        loading="Loading featured pack..."
        error={(_, status) => (status === 404 ? "No active featured pack found" : "Error fetching featured pack")}
      >
        {({ featuredPack: pack }) => (
          <div className="flex flex-col items-center gap-3 text-center">
            {pack.packCover[0] ? (
              // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
              <img
                src={pack.packCover[0].url}
                alt=""
                data-art="cover"
                width={192}
                height={192}
                className="h-48 w-48 rounded-2xl object-cover"
              />
            ) : null}
            <p className="text-lg font-extrabold">{pack.packTitle}</p>
            {pack.packPrizeImage[0] ? (
              // eslint-disable-next-line @next/next/no-img-element -- prize pictures are admin-entered URLs on any host
              <img src={pack.packPrizeImage[0].url} alt="Prize" className="max-h-32 rounded-xl object-contain" />
            ) : null}
            {pack.prizeSummary ? <p className="text-muted">{pack.prizeSummary}</p> : null}
          </div>
        )}
      </LoadState>
    </Dialog>
  );
}
