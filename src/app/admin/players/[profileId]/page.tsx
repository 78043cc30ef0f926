import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import Link from "@/components/ui/link";
import { cardClass } from "@/components/admin/hub/admin-ui";
import { PlayerLists } from "@/components/admin/players/player-lists";
import { PlayerManage } from "@/components/admin/players/player-manage";
import { PickFix } from "@/components/admin/players/pick-fix";
import { formatDiamondCents } from "@/domain/admin-players";
import { formatE164ForDisplay } from "@/domain/phone";
import { formatDateTime } from "@/domain/time";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getAdminProfile } from "@/server/profiles/get-admin-profile";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Player" };

type Props = { params: Promise<{ profileId: string }> };

/** /admin/players/{profileId} – one app user: facts, adjust balance, suspend, fix a pick, takes, ledger, exchanges (docs/SCREENS.md §3.13). */
export default async function AdminPlayerPage({ params }: Props) {
  const { profileId } = await params;
  await requireAdminPage(`/admin/players/${encodeURIComponent(profileId)}`);
  const player = await getAdminProfile({ profileId });
  if (!player) notFound();
  const facts: Array<[string, React.ReactNode]> = [
    [
      "Phone",
      <span key="phone" className="tabular">
        {player.phone ? formatE164ForDisplay(player.phone) : "Deleted account"}
      </span>,
    ],
    ["Joined", formatDateTime(new Date(player.createdAt))],
    [
      "Balance",
      <span key="balance" className="tabular">
        {formatDiamondCents(player.balanceCents)} diamonds
      </span>,
    ],
    [
      "Status",
      player.suspendedAt ? (
        <span key="status" className="font-semibold text-lost">
          Suspended since {formatDateTime(new Date(player.suspendedAt))}: {player.suspendedReason}
        </span>
      ) : (
        "Active"
      ),
    ],
  ];
  if (player.superAdmin) facts.push(["Role", "Super admin"]);
  else if (player.commissioner) facts.push(["Role", "Commissioner"]);
  return (
    <div className="grid gap-6">
      <div>
        <Link href="/admin/players" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-accent hover:underline">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Players
        </Link>
        <h1 className="break-all text-3xl font-extrabold tracking-tight">@{player.handle}</h1>
      </div>
      <dl className={`${cardClass} grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]`}>
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <PlayerManage player={player} />
      {/* A deleted account's picks stay as they were (docs/decisions/061-pick-fixes.md). */}
      {player.phone ? <PickFix profileId={player.id} handle={player.handle} /> : null}
      {/* Remounted after an adjustment or a suspension (router.refresh), so the ledger shows the new row. */}
      <PlayerLists key={`${player.balanceCents}:${player.suspendedAt ?? ""}:${player.commissioner}`} profileId={player.id} />
    </div>
  );
}
