import "server-only";
import type { League } from "@/config";
import { type Clock, DAY, dayAt } from "./clock";
import type { Game, GameKey } from "./games";
import type { DemoHandle } from "./identities";
import { type PackStatus, type PropPlan, homeSpreadProp, totalProp, whoWinsProp, yesNoProp } from "./props";

// The demo packs as plans: which games and props each holds, its status, prize and the demo players' picks.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

interface PrizePlan {
  title: string;
  summary: string;
  points: number;
  imageUrl: string;
}

/** Picks per prop position: "A", "B", or "-" for no take on that prop. */
type Picks = Partial<Record<DemoHandle, string>>;

export interface PackPlan {
  packUrl: string;
  title: string;
  league: League;
  status: PackStatus;
  summary: string;
  games: Game[];
  props: PropPlan[];
  openTime: Date | null;
  closeTime: Date;
  coverUrl: string | null;
  featured: boolean;
  prize: PrizePlan | null;
  /** Final submissions, in the order they were made. */
  picks: Picks;
  /** Submissions made before `picks` and partly overwritten by them (take history). */
  earlierPicks: Picks;
}

export const LEAGUE_LOGOS: Record<League, string> = {
  nfl: "https://a.espncdn.com/i/teamlogos/leagues/500/nfl.png",
  mlb: "https://a.espncdn.com/i/teamlogos/leagues/500/mlb.png",
};

function packPlan(
  plan: Pick<PackPlan, "packUrl" | "title" | "status" | "summary" | "games" | "props"> &
    Partial<Pick<PackPlan, "openTime" | "coverUrl" | "featured" | "prize" | "picks" | "earlierPicks">>,
): PackPlan {
  const firstGame = plan.games[0];
  if (!firstGame) throw new Error(`Demo pack ${plan.packUrl} has no game`);
  // A pack closes at its last game's start; each prop closes at its own game's.
  const closeTime = new Date(Math.max(...plan.games.map((game) => game.startTime.getTime())));
  return {
    ...plan,
    league: firstGame.league,
    closeTime,
    openTime: plan.openTime === undefined ? new Date(closeTime.getTime() - 4 * DAY) : plan.openTime,
    coverUrl: plan.coverUrl === undefined ? firstGame.homeTeam.logoUrl : plan.coverUrl,
    featured: plan.featured ?? false,
    prize: plan.prize ?? null,
    picks: plan.picks ?? {},
    earlierPicks: plan.earlierPicks ?? {},
  };
}

/** One pack in every state of docs/PRODUCT.md §2, both leagues, with takes where players could make them. */
export function planPacks(games: Record<GameKey, Game>, clock: Clock): PackPlan[] {
  return [
    packPlan({
      packUrl: "eagles-cowboys-week-12",
      title: "Cowboys at Eagles",
      status: "graded",
      summary: "The NFC East rivalry under the lights in Philadelphia.",
      games: [games.cowboysAtEagles],
      props: [
        whoWinsProp(games.cowboysAtEagles),
        totalProp(games.cowboysAtEagles),
        homeSpreadProp(games.cowboysAtEagles, 7, { home: -105, away: -115 }),
        yesNoProp({
          game: games.cowboysAtEagles,
          shortLabel: "Opening drive",
          title: "Do the Eagles score on their opening drive?",
          summary: "Any points on the Eagles' first possession count.",
          yesTake: "The Eagles score on their opening drive",
          noTake: "The Eagles do not score on their opening drive",
          moneylines: { yes: 120, no: -140 },
          outcome: { status: "gradedA", resultText: "PHI opening-drive touchdown" },
        }),
      ],
      picks: {
        gridiron_gus: "AAAA",
        bullpen_betty: "ABBA",
        blitz_bella: "BBAB",
        dinger_dan: "ABA-",
        hail_mary_hank: "BABB",
      },
      earlierPicks: { gridiron_gus: "B---" },
    }),
    packPlan({
      packUrl: "yankees-red-sox-rivalry",
      title: "Red Sox at Yankees + Crosstown Classic",
      status: "graded",
      summary: "The Bronx rivalry and a Chicago crosstown game on the same night.",
      games: [games.redSoxAtYankees, games.cubsAtWhiteSox],
      props: [whoWinsProp(games.redSoxAtYankees), totalProp(games.redSoxAtYankees), whoWinsProp(games.cubsAtWhiteSox)],
      picks: { gridiron_gus: "AAB", bullpen_betty: "BBA", blitz_bella: "AA-", dinger_dan: "ABA" },
    }),
    // Status is still `open` but the close time has passed and the game is
    // final: the effective state ("closed, awaiting grading") comes from the clock.
    packPlan({
      packUrl: "chiefs-bills-week-12",
      title: "Bills at Chiefs",
      status: "open",
      summary: "Two AFC heavyweights at Arrowhead.",
      games: [games.billsAtChiefs],
      props: [
        whoWinsProp(games.billsAtChiefs),
        totalProp(games.billsAtChiefs),
        yesNoProp({
          game: games.billsAtChiefs,
          shortLabel: "Overtime?",
          title: "Does Bills at Chiefs go to overtime?",
          summary: "Regulation ties are rare; the price says so.",
          yesTake: "Bills at Chiefs goes to overtime",
          noTake: "Bills at Chiefs is decided in regulation",
          moneylines: { yes: 600, no: -1000 },
        }),
      ],
      picks: { gridiron_gus: "AAB", bullpen_betty: "BBB", dinger_dan: "ABB", hail_mary_hank: "B-B" },
    }),
    packPlan({
      packUrl: "packers-49ers-week-12",
      title: "Packers at 49ers",
      status: "live",
      summary: "NFC contenders meet in Santa Clara.",
      games: [games.packersAt49ers],
      props: [
        whoWinsProp(games.packersAt49ers),
        totalProp(games.packersAt49ers),
        yesNoProp({
          game: games.packersAt49ers,
          shortLabel: "49ers 28+?",
          title: "Do the 49ers score 28 or more points?",
          summary: "Overtime points count.",
          yesTake: "The 49ers score 28 or more points",
          noTake: "The 49ers score 27 or fewer points",
          moneylines: { yes: 140, no: -165 },
        }),
      ],
      picks: { gridiron_gus: "AAA", blitz_bella: "BAB", hail_mary_hank: "ABB" },
    }),
    packPlan({
      packUrl: "giants-commanders-week-12",
      title: "Giants at Commanders",
      status: "open",
      summary: "Closing soon: the Giants visit Washington.",
      games: [games.giantsAtCommanders],
      props: [
        whoWinsProp(games.giantsAtCommanders),
        totalProp(games.giantsAtCommanders),
        yesNoProp({
          game: games.giantsAtCommanders,
          shortLabel: "Halftime lead",
          title: "Do the Commanders lead at halftime?",
          summary: "A tie at the half counts as no.",
          yesTake: "The Commanders lead at halftime",
          noTake: "The Commanders do not lead at halftime",
          moneylines: { yes: -200, no: 165 },
        }),
      ],
      picks: { bullpen_betty: "AB-", dinger_dan: "BBA" },
    }),
    packPlan({
      packUrl: "ravens-steelers-week-12",
      title: "Sunday Doubleheader: Ravens–Steelers and Lions–Bears",
      status: "open",
      summary: "Two division games, five props, one prize.",
      games: [games.ravensAtSteelers, games.lionsAtBears],
      props: [
        whoWinsProp(games.ravensAtSteelers),
        totalProp(games.ravensAtSteelers),
        whoWinsProp(games.lionsAtBears),
        totalProp(games.lionsAtBears),
        yesNoProp({
          game: null,
          shortLabel: "Any overtime?",
          title: "Does either game go to overtime?",
          summary: "Yes if Ravens–Steelers or Lions–Bears needs overtime.",
          yesTake: "At least one of the two games goes to overtime",
          noTake: "Both games are decided in regulation",
          moneylines: { yes: 450, no: -700 },
        }),
      ],
      featured: true,
      prize: {
        title: "$100 Sideline Gear gift card",
        summary: "Most points across both games wins a $100 gift card; ties go to more props won.",
        points: 1000,
        imageUrl: LEAGUE_LOGOS.nfl,
      },
      openTime: new Date(clock.now.getTime() - DAY),
      picks: { gridiron_gus: "BAABB", bullpen_betty: "AABAB", blitz_bella: "BBBAB" },
    }),
    packPlan({
      packUrl: "phillies-mets-tonight",
      title: "Mets at Phillies",
      status: "open",
      summary: "The NL East rivalry in South Philly tonight.",
      games: [games.metsAtPhilliesTonight],
      props: [
        whoWinsProp(games.metsAtPhilliesTonight),
        totalProp(games.metsAtPhilliesTonight, { over: -105, under: -115 }),
        yesNoProp({
          game: games.metsAtPhilliesTonight,
          shortLabel: "First-inning homer",
          title: "Is there a home run in the 1st inning?",
          summary: "Either team, top or bottom of the 1st.",
          yesTake: "Someone homers in the 1st inning",
          noTake: "Nobody homers in the 1st inning",
          moneylines: { yes: 300, no: -400 },
        }),
      ],
      picks: { gridiron_gus: "AAB", bullpen_betty: "ABB", dinger_dan: "BAB" },
    }),
    packPlan({
      packUrl: "eagles-commanders-week-13",
      title: "Commanders at Eagles",
      status: "coming-soon",
      summary: "Week 13 in Philadelphia; opens tomorrow morning.",
      games: [games.commandersAtEagles],
      props: [
        whoWinsProp(games.commandersAtEagles),
        totalProp(games.commandersAtEagles),
        yesNoProp({
          game: games.commandersAtEagles,
          shortLabel: "Eagles 30+?",
          title: "Do the Eagles score 30 or more points?",
          summary: "Overtime points count.",
          yesTake: "The Eagles score 30 or more points",
          noTake: "The Eagles score 29 or fewer points",
          moneylines: { yes: 180, no: -220 },
        }),
      ],
      openTime: dayAt(clock, 1, 10, 0),
    }),
    packPlan({
      packUrl: "astros-mariners-next-week",
      title: "Astros at Mariners",
      status: "draft",
      summary: "AL West showdown; still being written.",
      games: [games.astrosAtMariners],
      props: [
        whoWinsProp(games.astrosAtMariners),
        totalProp(games.astrosAtMariners),
        yesNoProp({
          game: games.astrosAtMariners,
          shortLabel: "Stolen base?",
          title: "Is there a stolen base?",
          summary: "Either team, any inning.",
          yesTake: "At least one base is stolen",
          noTake: "Nobody steals a base",
          moneylines: { yes: -150, no: 130 },
        }),
      ],
      openTime: null,
      coverUrl: null,
    }),
    packPlan({
      packUrl: "athletics-mariners-finale",
      title: "Athletics at Mariners",
      status: "archived",
      summary: "An old series finale, kept for the record.",
      games: [games.athleticsAtMariners],
      props: [
        whoWinsProp(games.athleticsAtMariners),
        totalProp(games.athleticsAtMariners),
        yesNoProp({
          game: games.athleticsAtMariners,
          shortLabel: "Extra innings?",
          title: "Does the game go to extra innings?",
          summary: "Anything past the 9th counts.",
          yesTake: "The game goes to extra innings",
          noTake: "The game ends in nine innings",
          moneylines: { yes: 800, no: -1400 },
          outcome: { status: "gradedB", resultText: "Nine innings" },
        }),
      ],
    }),
  ];
}
