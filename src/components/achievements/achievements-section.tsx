import { Award, Crown, Flame, Lock, PenLine, Target, TrendingDown, TrendingUp, Trophy, Users } from "lucide-react";
import Link from "@/components/ui/link";
import type { BadgeId, BadgeView, ProfileAchievements, RecapTake } from "@/domain/achievements";
import { countOf } from "@/domain/plural";
import { formatMediumDate } from "@/domain/time";
import { Celebration } from "./celebration";
import { MarkBadgesSeen } from "./mark-badges-seen";

const BADGE_ICONS: Record<BadgeId, typeof Award> = {
  first_take: PenLine,
  perfect_pack: Crown,
  contrarian_win: Users,
  beat_the_close: TrendingUp,
  ten_streak: Flame,
  group_winner: Trophy,
};

function BadgeCard({ badge }: { badge: BadgeView }) {
  const Icon = BADGE_ICONS[badge.id];
  const earned = badge.earned;
  return (
    <li
      data-testid={`badge-${badge.id}`}
      data-earned={earned ? "yes" : "no"}
      className={`flex gap-3 rounded-2xl p-3 shadow-sm ${earned ? "bg-surface" : "border border-dashed border-line bg-page"}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${earned ? "bg-gold-tint text-ink" : "bg-surface text-muted grayscale"}`}
      >
        {earned ? <Icon size={24} /> : <Lock size={20} />}
      </span>
      <div className="min-w-0">
        <h4 className="font-bold">
          {badge.name}
          {earned && earned.times > 1 ? <span className="ml-1 text-sm font-semibold text-muted">×{earned.times}</span> : null}
          {!earned ? <span className="sr-only"> (not earned yet)</span> : null}
        </h4>
        {earned ? (
          <p className="text-sm">
            {badge.earnedWords}{" "}
            <span className="text-muted">
              Earned <time dateTime={earned.at}>{formatMediumDate(new Date(earned.at))}</time>
              {earned.pack ? (
                <>
                  {" "}
                  on{" "}
                  <Link href={`/packs/${earned.pack.packURL}`} className="font-semibold text-accent hover:underline">
                    {earned.propLabel ? `${earned.propLabel} (${earned.pack.title})` : earned.pack.title}
                  </Link>
                </>
              ) : null}
              .
            </span>
          </p>
        ) : (
          <p className="text-sm text-muted">{badge.howToEarn}</p>
        )}
      </div>
    </li>
  );
}

/** A recap's best pick or worst beat; `who` names the taker ("you", "they", "@x"): the profile's and the group's recap share it. */
export function RecapPick({
  label,
  icon,
  take,
  empty,
  who,
}: {
  label: string;
  icon: React.ReactNode;
  take: RecapTake | null;
  empty: string;
  who: string;
}) {
  return (
    <div className="rounded-xl bg-page p-3">
      <p className="flex items-center gap-1 text-xs font-bold uppercase tracking-wide text-muted">
        {icon}
        {label}
      </p>
      {take ? (
        <p className="mt-1">
          <Link href={`/packs/${take.packURL}`} className="font-semibold text-accent hover:underline">
            {take.propLabel}
          </Link>{" "}
          — {who} took <strong>{take.sideLabel}</strong>{" "}
          <span className="text-muted">
            (
            {take.points > 0
              ? `won ${take.points.toLocaleString("en-US")} points`
              : `${take.lockedValue.toLocaleString("en-US")} points at stake`}
            )
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      )}
    </div>
  );
}

/**
 * The profile's streak, badges and weekly recap (docs/SCREENS.md §2.11), server-rendered: earned
 * badges first, then the locked ones greyed with how to earn them; the owner's new badges are
 * celebrated once (docs/decisions/068-streaks-badges-recaps.md).
 */
export function AchievementsSection({ data, isOwner }: { data: ProfileAchievements; isOwner: boolean }) {
  const fresh = data.badges.filter((b) => b.isNew && b.earned);
  const newest = fresh
    .map((b) => b.earned!.at)
    .sort()
    .at(-1);
  const earnedCount = data.badges.filter((b) => b.earned).length;
  const { recap } = data;
  return (
    <>
      <section aria-labelledby="streaks-badges" className="mt-8">
        <h2 id="streaks-badges" className="text-xl font-extrabold tracking-tight">
          Streaks and badges
        </h2>
        {fresh.length > 0 && newest ? (
          <div className="mt-3">
            <Celebration
              testId="badge-celebration"
              title={`${fresh.map((b) => `${b.name}!`).join(" ")} ${fresh.length === 1 ? "Badge" : "Badges"} earned`}
              detail={fresh.map((b) => b.earnedWords).join(" ")}
            />
            <MarkBadgesSeen seenThrough={newest} />
          </div>
        ) : null}
        <div className="mt-3 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-surface p-4 shadow-sm" data-testid="streak-current">
            <p className="text-xs font-bold uppercase tracking-wide text-muted">Current streak</p>
            <p className="mt-1 flex items-center gap-1 text-2xl font-extrabold tabular-nums">
              <Flame size={22} aria-hidden="true" className={data.streak.current > 0 ? "text-orange-500" : "text-muted"} />
              {countOf(data.streak.current, "win")}
            </p>
          </div>
          <div className="rounded-2xl bg-surface p-4 shadow-sm" data-testid="streak-best">
            <p className="text-xs font-bold uppercase tracking-wide text-muted">Best streak</p>
            <p className="mt-1 flex items-center gap-1 text-2xl font-extrabold tabular-nums">
              <Award size={22} aria-hidden="true" className="text-muted" />
              {countOf(data.streak.best, "win")}
            </p>
          </div>
        </div>
        <h3 className="mt-4 text-sm font-bold uppercase tracking-wide text-muted">
          Badges · {earnedCount} of {data.badges.length}
        </h3>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.badges.map((badge) => (
            <BadgeCard key={badge.id} badge={badge} />
          ))}
        </ul>
        <p className="mt-2 text-sm">
          <Link href="/how-it-works#streaks-and-badges" className="font-semibold text-accent hover:underline">
            How streaks and badges work
          </Link>
        </p>
      </section>

      <WeeklyRecapSection recap={recap} isOwner={isOwner} />
    </>
  );
}

/**
 * A player's week in three tiles (best pick, worst beat, place on the week board): this week's, or
 * last week's while this one is empty. On the profile and the badges page
 * (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30: the recap back on the profile).
 */
export function WeeklyRecapSection({ recap, isOwner }: { recap: ProfileAchievements["recap"]; isOwner: boolean }) {
  const me = recap.movers[0];
  return (
    <section aria-labelledby="weekly-recap" className="mt-8">
      <h2 id="weekly-recap" className="text-xl font-extrabold tracking-tight">
        {recap.isThisWeek ? "This week" : "Last week"}
      </h2>
      <p className="text-sm text-muted">Week of {formatMediumDate(new Date(`${recap.week}T12:00:00Z`))}</p>
      <div className="mt-3 grid gap-3 rounded-2xl bg-surface p-4 shadow-sm sm:grid-cols-3">
        {[
          { label: "Best pick", Icon: Target, take: recap.bestPick, empty: "No win yet this week." },
          { label: "Worst beat", Icon: TrendingDown, take: recap.worstBeat, empty: "No loss this week." },
        ].map(({ label, Icon, take, empty }) => (
          <RecapPick
            key={label}
            label={label}
            icon={<Icon size={14} aria-hidden="true" />}
            take={take}
            empty={empty}
            who={isOwner ? "you" : "they"}
          />
        ))}
        <div className="rounded-xl bg-page p-3">
          <p className="flex items-center gap-1 text-xs font-bold uppercase tracking-wide text-muted">
            <TrendingUp size={14} aria-hidden="true" />
            Week board
          </p>
          {me ? (
            <p className="mt-1" data-testid="recap-rank">
              <strong>#{me.rank.toLocaleString("en-US")}</strong>{" "}
              {me.move === null
                ? "(new on the board this week)"
                : me.move === 0
                  ? "(same place as last week)"
                  : `(${me.move > 0 ? "up" : "down"} ${countOf(Math.abs(me.move), "place")} since last week)`}
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted">Not on the week board yet.</p>
          )}
        </div>
      </div>
    </section>
  );
}
