import { balanceDiamonds } from "@/domain/points";
import type { Metadata } from "next";
import { cache } from "react";
import Link from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import { notFound } from "next/navigation";
import { ExternalLink, Gem, Sparkles, Swords } from "lucide-react";
import { PackGradedPrompt } from "@/components/dialogs/pack-graded-prompt";
import { AiTag } from "@/components/leaderboard/ai-tag";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PointsChart } from "@/components/profile/points-chart";
import { RivalrySection } from "@/components/rivals/rivalry-section";
import {
  ChangeUsernameButton,
  CopyCodeButton,
  DeleteAccountButton,
  FavoriteTeamButton,
  LogOutButton,
  PointsTileButton,
} from "@/components/profile/profile-actions";
import { ResultPill } from "@/components/profile/result-pill";
import { NotificationSettings, NotificationSettingsProvider, OwnFollows } from "@/components/subscriptions/notification-settings";
import { TeamFilter } from "@/components/profile/team-filter";
import { buttonClass } from "@/components/ui/button";
import { readPageSession } from "@/server/auth/read-page-session";
import { getProfilePage } from "@/server/profiles/get-profile-page";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";
import { PRODUCT_NAME } from "@/config";
import { getProfileRivalry } from "@/server/rivals/get-profile-rivalry";
import { AchievementsLink } from "@/components/achievements/achievements-link";
import { WeeklyRecapSection } from "@/components/achievements/achievements-section";
import { getProfileRecap } from "@/server/achievements/get-profile-achievements";
import { getNotificationSettings } from "@/server/subscriptions/get-notification-settings";
import { getSmsDeliveryNotice } from "@/server/notifications/delivery/undeliverable-number";
import { SmsDeliveryNotice } from "@/components/profile/sms-delivery-notice";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { formatRecord, formatWinPercent } from "@/domain/grading";
import { formatE164ForDisplay } from "@/domain/phone";
import { formatTokens } from "@/domain/points";
import { formatDateTime, formatMediumDate, formatShortDateTime } from "@/domain/time";
import { LiveScore } from "@/components/live/live-score";
import { TakeLiveSlot } from "@/components/live/take-live-slot";
import { worthWatching } from "@/domain/live";

export const dynamic = "force-dynamic";

type Params = Promise<{ profileID: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The player the URL names, looked up once per request for generateMetadata and the page. */
const findProfile = cache((handleOrId: string) => findProfileByHandle({ handleOrId }));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { profileID } = await params;
  const title = `@${decodeURIComponent(profileID).replace(/^@/, "")}`;
  const profile = await findProfile(decodeURIComponent(profileID));
  // The player's share card: points, record and rank (docs/decisions/067-share-cards.md); none for a deleted or suspended player.
  return { title, ...(profile ? await shareCardMetadata("profile", profile.id, { title: `@${profile.handle} on ${PRODUCT_NAME}` }) : {}) };
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-extrabold tracking-tight">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Tile({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <p className="text-xs font-bold uppercase tracking-wide text-muted">{label}</p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums">{children}</p>
    </>
  );
}

const Diamonds = ({ cents }: { cents: number }) => (
  <span className="inline-flex items-center gap-1 tabular-nums">
    <Gem size={14} aria-hidden="true" className="text-accent" />
    <span className="sr-only">Diamonds: </span>
    {formatTokens(cents)}
  </span>
);

function historyHref(handle: string, team: string, before: string | null): string {
  const query = new URLSearchParams();
  if (team) query.set("team", team);
  if (before) query.set("before", before);
  const text = query.toString();
  return `/profile/${encodeURIComponent(handle)}${text ? `?${text}` : ""}#takes`;
}

/** Profile (docs/SCREENS.md §2.11), server-rendered; the owner sees their balance, codes, bonuses and settings. */
export default async function ProfilePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { profileID } = await params;
  const query = await searchParams;
  const team = typeof query.team === "string" ? query.team : "";
  const before = typeof query.before === "string" ? query.before : null;
  const handle = decodeURIComponent(profileID);
  const [session, found] = await Promise.all([readPageSession(), findProfile(handle)]);
  if (!found) notFound();
  const viewerId = session?.profileId ?? null;
  const viewerIsOwner = viewerId === found.id;
  // The page's reads are independent of one another once the player is known (the lookup is shared
  // with generateMetadata), so they run at once (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30).
  // Streaks and badges have a page of their own (/profile/{handle}/badges): reading a season's takes
  // cost the profile 30-45 ms on the season bench; the weekly recap reads two weeks of them and stays
  // (docs/decisions/068-streaks-badges-recaps.md).
  const [page, textSettings, rivalry, recap, smsNotice] = await Promise.all([
    getProfilePage({ handle, viewerProfileId: viewerId, teamFilter: team || null, before }),
    // Only the owner's own settings, read for the session's profile; this page is rendered per request, never a
    // shared copy (docs/decisions/025-shared-page-cache.md). A failed read leaves the cards to load it again.
    viewerIsOwner && session ? getNotificationSettings({ profileId: session.profileId }).catch(() => null) : null,
    getProfileRivalry({ viewerId, profileId: found.id }),
    // The recap is a side section: if it cannot be read the profile still shows, and the badges page has it.
    getProfileRecap({ profileId: found.id }).catch(() => null),
    // Whether the carrier refused the owner's number for good (docs/decisions/071-delivery-on-the-record.md).
    viewerIsOwner && session ? getSmsDeliveryNotice(session.profileId).catch(() => null) : null,
  ]);
  if (!page || page.profile.id !== found.id) notFound();
  const { profile, stats, isOwner } = page;
  const initials = profile.handle.slice(0, 2).toUpperCase();

  return (
    <div className="mx-auto max-w-4xl">
      {page.unseenGradedPackURL ? <PackGradedPrompt packURL={page.unseenGradedPackURL} /> : null}

      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {profile.avatarUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from any host; sized so nothing shifts
          <img src={profile.avatarUrl} alt="" width={120} height={120} className="h-[120px] w-[120px] rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-[120px] w-[120px] items-center justify-center rounded-full bg-accent-tint text-4xl font-extrabold text-accent"
          >
            {initials}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-bold uppercase tracking-wide text-muted">{isOwner ? "Your Profile" : "User Profile"}</p>
          <h1 className="break-all text-3xl font-extrabold tracking-tight">@{profile.handle}</h1>
          {profile.id === AI_PLAYER_ID ? <AiTag /> : null}
          {profile.isCreator ? (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-gold-tint px-2.5 py-0.5 text-xs font-bold">
              <Sparkles size={12} aria-hidden="true" />
              Influencer
            </span>
          ) : null}
          <p className="mt-2 text-sm">
            {profile.favoriteTeam ? (
              <>
                Favorite Team:{" "}
                <Link href={`/teams/${profile.favoriteTeam.slug}`} className="font-semibold text-accent hover:underline">
                  {profile.favoriteTeam.name}
                </Link>
              </>
            ) : (
              <span className="text-muted">No favorite team selected.</span>
            )}
            {isOwner ? <FavoriteTeamButton hasTeam={!!profile.favoriteTeam} /> : null}
          </p>
          <p className="text-sm text-muted">Created: {formatMediumDate(new Date(profile.createdAt))}</p>
          {/* Where players look for their head-to-heads, or start one with this player (issue 23); the AI player cannot be challenged. */}
          {profile.id === AI_PLAYER_ID ? null : (
            <Link
              href={isOwner ? "/h2h" : `/h2h/new?${new URLSearchParams({ opponent: profile.handle })}`}
              className="mt-1 inline-flex min-h-11 items-center gap-2 font-semibold text-accent hover:underline"
            >
              <Swords size={16} aria-hidden="true" /> {isOwner ? "Your head-to-heads" : `Challenge @${profile.handle}`}
            </Link>
          )}
        </div>
        {isOwner ? <LogOutButton /> : null}
      </header>
      {isOwner && smsNotice ? <SmsDeliveryNotice notice={smsNotice} /> : null}

      <Section title="Quick Stats" id="quick-stats">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <div>
            {isOwner ? (
              <PointsTileButton points={stats.points}>
                <Tile label="Points">{stats.points.toLocaleString("en-US")}</Tile>
              </PointsTileButton>
            ) : (
              <div className="h-full rounded-2xl bg-surface p-4 shadow-sm">
                <Tile label="Points">{stats.points.toLocaleString("en-US")}</Tile>
              </div>
            )}
          </div>
          <div className="rounded-2xl bg-surface p-4 shadow-sm">
            <Tile label="Record (W-L-P)">{formatRecord(stats)}</Tile>
          </div>
          <div className="rounded-2xl bg-surface p-4 shadow-sm">
            <Tile label="All-time Rank">{stats.rank ? `#${stats.rank.toLocaleString("en-US")}` : "—"}</Tile>
          </div>
          <div className="rounded-2xl bg-surface p-4 shadow-sm">
            <Tile label="Winning PER">{formatWinPercent(stats.won, stats.lost)}</Tile>
          </div>
          {isOwner && page.balanceCents !== null ? (
            <div className="rounded-2xl bg-surface p-4 shadow-sm">
              <Tile label="Diamonds">
                <span className="inline-flex items-center gap-1">
                  <Gem size={18} aria-hidden="true" className="text-accent" />
                  {balanceDiamonds(page.balanceCents).toLocaleString("en-US")}
                </span>
              </Tile>
            </div>
          ) : null}
        </div>
      </Section>

      <RivalrySection rivalry={rivalry} handle={profile.handle} isOwner={isOwner} />
      {recap ? <WeeklyRecapSection recap={recap} isOwner={isOwner} /> : null}
      <AchievementsLink handle={profile.handle} isOwner={isOwner} />

      <Section title="Points over time" id="points-over-time">
        <div className="rounded-2xl bg-surface p-4 shadow-sm">
          {page.hasGradedTakes ? <PointsChart series={page.chart} /> : <p className="py-6 text-center text-muted">No graded takes yet.</p>}
        </div>
      </Section>

      <section aria-labelledby="takes" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="takes" className="scroll-mt-20 text-xl font-extrabold tracking-tight">
            {isOwner ? "Your Takes" : `@${profile.handle}'s Takes`}
          </h3>
          {page.teams.length > 0 ? <TeamFilter teams={page.teams} value={team} /> : null}
        </div>
        {page.takeGroups.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-surface p-8 text-center text-muted shadow-sm">No takes yet.</p>
        ) : (
          <div className="mt-3 space-y-4">
            {page.takeGroups.map((group) => (
              <article key={group.packURL} className="rounded-2xl bg-surface p-4 shadow-sm">
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h4 className="font-bold">
                    <Link href={`/packs/${group.packURL}`} className="text-accent hover:underline">
                      {group.packTitle}
                    </Link>
                  </h4>
                  {group.packDate ? <span className="text-sm text-muted">{formatMediumDate(new Date(group.packDate))}</span> : null}
                </header>
                <ul className="mt-2 divide-y divide-line">
                  {group.takes.map((take) => (
                    <li key={take.takeId} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0">
                        <p className="font-semibold">{take.sentence}</p>
                        <p className="text-xs text-muted">
                          {take.event ? (
                            take.event.boxScoreUrl ? (
                              <a
                                href={take.event.boxScoreUrl}
                                target="_blank"
                                rel="noreferrer"
                                className="inline-flex items-center gap-1 hover:underline"
                              >
                                {take.event.title}
                                <ExternalLink size={11} aria-hidden="true" />
                                <span className="sr-only">(box score, opens in a new tab)</span>
                              </a>
                            ) : (
                              take.event.title
                            )
                          ) : null}
                          {take.event ? " · " : null}
                          <time dateTime={take.createdAt}>{formatShortDateTime(new Date(take.createdAt))}</time>
                        </p>
                        {take.live && worthWatching(take.live.game, Date.now()) ? (
                          <div className="text-xs">
                            <LiveScore seed={take.live.game} />
                            <TakeLiveSlot
                              propId={take.live.propId}
                              side={take.live.side}
                              points={take.lockedValue}
                              seed={take.live.game}
                              watch
                            />
                          </div>
                        ) : null}
                      </div>
                      <div className="flex shrink-0 items-center gap-3 text-sm">
                        {take.result === "pending" ? (
                          // Not "0 Points": a pending take shows what it can win.
                          <span className="tabular-nums">
                            <span className="text-muted">Can win</span> {take.lockedValue.toLocaleString("en-US")}{" "}
                            <span className="text-muted">Points</span>
                          </span>
                        ) : (
                          <>
                            <span className="tabular-nums">
                              {take.points.toLocaleString("en-US")} <span className="text-muted">Points</span>
                            </span>
                            <Diamonds cents={take.tokensCents} />
                          </>
                        )}
                        <ResultPill result={take.result} />
                      </div>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        )}
        {/* History a page of packs at a time (keyset by pack date), so a season of takes stays one short page. */}
        {page.olderCursor || before ? (
          <nav aria-label="Take history pages" className="mt-4 flex flex-wrap justify-center gap-3">
            {before ? (
              <Link href={historyHref(profile.handle, team, null)} className={buttonClass("ghost")}>
                Latest packs
              </Link>
            ) : null}
            {page.olderCursor ? (
              <Link href={historyHref(profile.handle, team, page.olderCursor)} className={buttonClass("ghost")}>
                Older packs
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      {page.exchanges ? (
        <Section title="Exchanges" id="exchanges">
          {page.exchanges.length === 0 ? (
            <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-sm">No exchanges yet.</p>
          ) : (
            <ul className="divide-y divide-line rounded-2xl bg-surface px-4 shadow-sm">
              {page.exchanges.map((exchange) => (
                <li key={exchange.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    Spent {exchange.tokens.toLocaleString("en-US")} diamonds on <strong>{exchange.itemName}</strong> on{" "}
                    {formatMediumDate(new Date(exchange.createdAt))}
                  </span>
                  {exchange.code ? (
                    <span className="flex items-center gap-2">
                      <code className="rounded bg-page px-2 py-1 font-mono text-sm">{exchange.code}</code>
                      <CopyCodeButton code={exchange.code} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      {page.bonuses ? (
        <Section title="Bonuses" id="bonuses">
          <p className="text-sm text-muted">Promo card bonuses you&apos;ve received.</p>
          {page.bonuses.length === 0 ? null : (
            <ScrollTable
              label="Bonuses received"
              className="mt-2 rounded-2xl bg-surface shadow-sm"
              columns={[
                { label: "Name", className: "px-4 py-2" },
                { label: "Diamonds", className: "px-4 py-2 text-right" },
                { label: "Redeemed", className: "px-4 py-2" },
              ]}
            >
              {page.bonuses.map((bonus, index) => (
                <tr key={`${bonus.createdAt}-${index}`} className="border-t border-line">
                  <td className="px-4 py-2">{bonus.name}</td>
                  <td className="px-4 py-2 text-right">
                    <Diamonds cents={bonus.tokensCents} />
                  </td>
                  <td className="px-4 py-2">{formatDateTime(new Date(bonus.createdAt))}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </Section>
      ) : null}

      {isOwner ? (
        <NotificationSettingsProvider initial={textSettings}>
          <Section title="Follows" id="follows">
            <OwnFollows />
          </Section>
          <Section title="Settings" id="settings">
            <div className="space-y-3 rounded-2xl bg-surface p-4 shadow-sm">
              {page.phone ? <p>Mobile: {formatE164ForDisplay(page.phone)}</p> : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>Username: @{profile.handle}</p>
                <ChangeUsernameButton handle={profile.handle} />
              </div>
            </div>
            <div className="mt-3">
              <NotificationSettings />
            </div>
          </Section>
        </NotificationSettingsProvider>
      ) : (
        <Section title="Follows" id="follows">
          <h3 className="text-sm font-bold uppercase tracking-wide text-muted">Followed Teams</h3>
          {page.follows.teams.length === 0 ? (
            <p className="mt-1 text-sm text-muted">No teams followed.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {page.follows.teams.map((followed) => (
                <li key={`${followed.league}:${followed.slug}`}>
                  <Link
                    href={`/teams/${followed.slug}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-page"
                  >
                    {followed.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-4 text-sm font-bold uppercase tracking-wide text-muted">Followed Series</h3>
          {page.follows.series.length === 0 ? (
            <p className="mt-1 text-sm text-muted">No series followed.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {page.follows.series.map((followed) => (
                <li
                  key={followed.slug}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold"
                >
                  {followed.title}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {profile.isCreator ? (
        <>
          <Section title="Created Packs" id="created-packs">
            {page.createdPacks.length === 0 ? (
              <p className="text-sm text-muted">No packs yet.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
                {page.createdPacks.map((pack) => (
                  <li key={pack.packURL} className="aspect-square rounded-2xl bg-surface p-3 shadow-sm">
                    <Link href={`/packs/${pack.packURL}`} className="font-bold text-accent hover:underline">
                      {pack.title}
                    </Link>
                    <p className="mt-1 text-xs font-bold uppercase text-muted">{pack.status}</p>
                    {pack.eventTime ? <p className="mt-1 text-xs text-muted">{formatShortDateTime(new Date(pack.eventTime))}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="All-time leaderboard (their packs)" id="creator-leaderboard">
            {page.creatorLeaderboard.length === 0 ? (
              <p className="text-sm text-muted">No participants yet.</p>
            ) : (
              <LeaderboardTable rows={page.creatorLeaderboard} caption={`Leaderboard of @${profile.handle}'s packs`} />
            )}
          </Section>
        </>
      ) : null}

      {isOwner ? (
        <Section title="Delete account" id="delete-account">
          <div className="space-y-3 rounded-2xl bg-surface p-4 shadow-sm">
            <p className="text-sm">
              Deleting removes your phone number and everything that says who you are. Your past takes stay on the boards under an anonymous
              name. This cannot be undone.
            </p>
            <DeleteAccountButton handle={profile.handle} isAdmin={session?.superAdmin === true} />
          </div>
        </Section>
      ) : null}

      <p className="mt-10">
        <Link href="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </p>
    </div>
  );
}
