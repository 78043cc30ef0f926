import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { PromoLinksAdmin } from "@/components/awards/promo-links-admin";
import { listAwardCardsForAdmin } from "@/server/awards/list-award-cards";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { adminCardStatusLabel } from "@/domain/awards";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Promo Links" };

/** `/admin/promo-links` (docs/SCREENS.md §3.8): create, edit and disable award and promo cards. */
export default async function PromoLinksPage() {
  await requireAdminPage("/admin/promo-links");
  const { cards, teams, series } = await listAwardCardsForAdmin();
  const now = new Date();
  return (
    <div>
      <Link href="/admin" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Admin
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Promo Links</h1>
      <PromoLinksAdmin
        cards={cards.map((card) => ({
          id: card.id,
          code: card.code,
          name: card.name,
          kind: card.kind as "award" | "promo",
          tokensCents: card.tokensCents,
          status: card.status as "available" | "disabled",
          statusLabel: adminCardStatusLabel(card, now),
          validFrom: card.validFrom?.toISOString() ?? null,
          validUntil: card.validUntil?.toISOString() ?? null,
          maxClaims: card.maxClaims,
          claimsCount: card.claimsCount,
          imageUrl: card.imageUrl,
          redirectTeamId: card.redirectTeamId,
          requirementKey: card.requirementKey,
          requirementTeamId: card.requirementTeamId,
          targetType: card.targetType,
          targetTeamId: card.targetTeamId,
          targetSeriesId: card.targetSeriesId,
          updatedAt: card.updatedAt.toISOString(),
        }))}
        teams={teams}
        series={series}
      />
    </div>
  );
}
