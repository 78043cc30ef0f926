import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { ChallengeLink } from "@/components/h2h/challenge-link";
import { CopyLinkButtons } from "@/components/packs/copy-link-button";
import { buttonClass } from "@/components/ui/button";
import { LiveScore } from "@/components/live/live-score";
import { TakeLiveSlot } from "@/components/live/take-live-slot";
import { PriceChart } from "@/components/prices/price-chart";
import { TakePriceLines } from "@/components/prices/take-price-lines";
import { formatDateTime } from "@/domain/time";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";
import { getReceipt } from "@/server/receipts/get-receipt";
import { PackVsAi } from "@/components/rivals/pack-vs-ai";
import { getPackVsAi } from "@/server/rivals/get-pack-vs-ai";
import { packExists } from "@/server/receipts/pack-exists";
import { readPageViewer } from "@/server/packs/read-page-viewer";

export const dynamic = "force-dynamic";

type Params = Promise<{ packURL: string; receiptId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const RESULT: Record<string, string> = { won: "Won", lost: "Lost", push: "Push", void: "Void" };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { packURL, receiptId } = await params;
  const receipt = await getReceipt({ packURL, receiptId });
  if (!receipt) return { title: "Receipt" };
  const title = `Receipt for ${receipt.pack.title}`;
  // The receipt's share card: the picks drawn only once their props lock (docs/decisions/067-share-cards.md).
  return {
    title,
    ...(await shareCardMetadata("receipt", receipt.id, { title: `@${receipt.owner.handle}'s picks on ${receipt.pack.title}` })),
  };
}

/** `/packs/{packURL}/{receiptId}` – one submission's takes, public, with the owner's handle and never a phone. */
export default async function ReceiptPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { packURL, receiptId } = await params;
  const ref = (await searchParams).ref;
  const keepRef = typeof ref === "string" && ref ? `?ref=${encodeURIComponent(ref)}` : "";
  const receipt = await getReceipt({ packURL, receiptId });
  if (!receipt) {
    if (await packExists({ packURL })) redirect(`/packs/${packURL}${keepRef}`);
    notFound();
  }
  const viewer = await readPageViewer();
  const isOwner = viewer?.handle.toLowerCase() === receipt.owner.handle.toLowerCase();
  const ownerRef = `?ref=${encodeURIComponent(receipt.owner.handle)}`;
  const packPath = `/packs/${receipt.pack.packURL}`;
  const initials = receipt.owner.handle.slice(0, 2).toUpperCase();
  const vsAi = await getPackVsAi({ packURL: receipt.pack.packURL, handle: receipt.owner.handle });

  return (
    <article className="mx-auto max-w-2xl space-y-6">
      <Link href={`${packPath}${keepRef}`} className="flex items-center gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line hover:shadow-md">
        {receipt.pack.coverUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
          <img src={receipt.pack.coverUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-xl object-cover" />
        ) : (
          <span className="h-16 w-16 rounded-xl bg-page" aria-hidden="true" />
        )}
        <span className="min-w-0">
          <span className="block font-extrabold text-accent">{receipt.pack.title}</span>
          {receipt.pack.summary ? <span className="line-clamp-2 block text-sm text-muted">{receipt.pack.summary}</span> : null}
        </span>
      </Link>

      <div className="flex items-center gap-3">
        {receipt.owner.avatarUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from any host
          <img src={receipt.owner.avatarUrl} alt="" width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-tint font-bold text-accent">
            {initials}
          </span>
        )}
        <div>
          <p>
            User:{" "}
            <Link href={`/profile/${encodeURIComponent(receipt.owner.handle)}`} className="font-bold text-accent hover:underline">
              @{receipt.owner.handle}
            </Link>
          </p>
          {receipt.owner.favoriteTeam ? <p className="text-sm text-muted">Favorite Team: {receipt.owner.favoriteTeam}</p> : null}
        </div>
      </div>

      <header>
        <h1 className="text-2xl font-extrabold tracking-tight">Receipt for {receipt.pack.title}</h1>
        <p className="text-sm text-muted">{formatDateTime(receipt.createdAt)}</p>
      </header>

      {vsAi ? <PackVsAi score={vsAi} handle={receipt.owner.handle} isViewer={isOwner} /> : null}

      <dl className="space-y-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
        <div className="space-y-1">
          <dt className="text-sm font-semibold">Share URL:</dt>
          <dd className="space-y-2">
            <p className="break-all text-sm text-muted">{`${packPath}${ownerRef}`}</p>
            <CopyLinkButtons
              path={`${packPath}${ownerRef}`}
              picks={receipt.takes.map((t) => ({ prop: t.propLabel, side: t.sideLabel }))}
              qrTitle="Share Pack"
            />
          </dd>
        </div>
        <div className="space-y-1">
          <dt className="text-sm font-semibold">Receipt URL:</dt>
          <dd className="space-y-2">
            <p className="break-all text-sm text-muted">{`${packPath}/${receipt.id}${ownerRef}`}</p>
            <CopyLinkButtons path={`${packPath}/${receipt.id}${ownerRef}`} qrTitle="Receipt" />
          </dd>
        </div>
      </dl>

      {receipt.fixes.length > 0 ? (
        <section aria-label="Changes by the commissioner" className="space-y-2 rounded-2xl bg-accent-tint p-4 ring-1 ring-line">
          {receipt.fixes.map((fix) => (
            <p key={`${fix.receiptId}:${fix.at.toISOString()}`} className="text-sm" data-testid="receipt-fix">
              <span className="font-semibold">
                {fix.later ? "Changed by the commissioner after this receipt" : "Changed by the commissioner"} on {formatDateTime(fix.at)}:
              </span>{" "}
              {fix.reason.replace(/[.!?]+$/, "")}. {fix.propLabel}: {fix.before} → {fix.after}.
              {fix.later ? (
                <>
                  {" "}
                  <Link href={`${packPath}/${fix.receiptId}`} className="font-semibold text-accent hover:underline">
                    See the picks after the change
                  </Link>
                </>
              ) : null}
            </p>
          ))}
        </section>
      ) : null}

      {receipt.takes.length === 0 ? (
        <p className="text-center text-muted">No takes found for this receipt.</p>
      ) : (
        <ul className="space-y-3" aria-label="Takes">
          {receipt.takes.map((take) => (
            <li key={take.propId} className="rounded-2xl bg-surface p-4 ring-1 ring-line" data-testid="receipt-take">
              <p className="font-bold">
                {take.propLabel}
                {take.matchup ? <span className="ml-2 text-sm font-semibold text-muted">{take.matchup}</span> : null}
              </p>
              <p>
                {isOwner ? "Your answer" : "Answer"}: {take.sideLabel}
              </p>
              <p className="text-sm text-muted">{formatDateTime(take.createdAt)}</p>
              <TakePriceLines prices={take.prices} />
              {take.chart ? <PriceChart chart={take.chart} labels={take.sideLabels} /> : null}
              {take.game ? (
                <p className="text-sm">
                  <LiveScore seed={take.game} />
                </p>
              ) : null}
              <p className="text-sm">
                Status: {take.propStatus} • {RESULT[take.result] ?? "Pending"}
                {take.propStatus === "Graded" && take.points > 0 ? <span className="ml-2 font-bold">+{take.points} pts</span> : null}
              </p>
              {take.game && take.result === "pending" && take.propStatus === "Closed" ? (
                <TakeLiveSlot propId={take.propId} side={take.side} points={take.lockedValue} seed={take.game} />
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {receipt.pack.accepting ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link href={`${packPath}${ownerRef}`} className={buttonClass("primary", "w-full sm:flex-1")}>
            Play this pack
          </Link>
          {/* The owner challenges a friend; anyone else challenges the owner. Leaves the receipt dialog's frame. */}
          <ChallengeLink packURL={receipt.pack.packURL} opponent={isOwner ? undefined : receipt.owner.handle} target="_top" />
        </div>
      ) : null}
    </article>
  );
}
