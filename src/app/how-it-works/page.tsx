import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { DocLinks, DocPage, type DocSection } from "@/components/docs/doc-page";
import { PRODUCT_NAME } from "@/config";
import { AI_AND_RIVALS_EXPLAINED, POINTS_EXAMPLES, PUSH_EXAMPLE } from "@/domain/how-it-works";
import { AI_PLAYER_HOUSE_RULE, BOARD_TIE_BREAK, GAME_SITUATION_RULES, PACK_WINNER_TIE_BREAK } from "@/domain/house-rules";
import { BADGES, RECAP_RULES, STREAK_RULES } from "@/domain/achievements";

export const metadata: Metadata = { title: "How it works" };
// Rendered per request (then kept by the shared page cache like every public page), never at build time.
export const dynamic = "force-dynamic";

const p = "text-ink";

/** /how-it-works (docs/SCREENS.md §2.14): the game in a minute, its numbers taken from the code's own rule. */
export default function HowItWorksPage() {
  const sections: DocSection[] = [
    {
      id: "packs",
      title: "Packs and picks",
      body: (
        <p className={p}>
          A pack is a handful of props on the day&apos;s games: who wins, over or under a total, who covers a spread. Pick a side on each
          prop, then press Submit: you see your picks and what each pays once more, and &ldquo;Submit picks&rdquo; saves them. You may
          switch a saved pick to the other side until its prop locks.
        </p>
      ),
    },
    {
      id: "points",
      title: "Points come from the odds",
      body: (
        <>
          <p className={p}>
            Every side shows what it pays: &ldquo;to win N points&rdquo;. The number comes from the side&apos;s moneyline, the
            sportsbooks&apos; price: an even-money side pays 250 points, the favourite less and the underdog more, in proportion to what a
            bet at that price would win. A side without odds pays 250. The price you see when you submit is the price you keep, whatever the
            odds do afterwards.
          </p>
          <div className="overflow-x-auto rounded-2xl ring-1 ring-line">
            <table className="w-full bg-surface text-left text-sm">
              <caption className="sr-only">What a winning pick pays</caption>
              <thead className="text-xs font-bold uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Side
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Points if it wins
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Diamonds
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...POINTS_EXAMPLES, PUSH_EXAMPLE].map((example) => (
                  <tr key={example.price} className="border-t border-line" data-testid="points-example">
                    <th scope="row" className="tabular px-3 py-2 font-bold">
                      {example.price}
                    </th>
                    <td className="px-3 py-2">{example.who}</td>
                    <td className="tabular px-3 py-2 text-right font-bold">{example.points}</td>
                    <td className="tabular px-3 py-2 text-right">{example.diamonds}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted">
            A lost pick earns nothing; a void pick earns nothing and does not count in anyone&apos;s record.
          </p>
        </>
      ),
    },
    {
      id: "diamonds",
      title: "Diamonds",
      body: (
        <p className={p}>
          Every point you win adds 5% of it in diamonds to your balance: a 375-point win adds 18.75 diamonds. Spend them in the{" "}
          <Link href="/marketplace" className="font-semibold text-accent hover:underline">
            marketplace
          </Link>{" "}
          on gift cards and gear. Diamonds cannot be bought, sold or cashed out.
        </p>
      ),
    },
    {
      id: "locks",
      title: "When picks lock",
      body: (
        <p className={p}>
          Each prop locks at its own game&apos;s start (the time shown on it), even while the pack&apos;s other props stay open; the pack
          itself closes at the time it shows. A pick not submitted before its prop locks is not saved.
        </p>
      ),
    },
    {
      id: "pushes-and-voids",
      title: "Pushes, voids and unusual games",
      body: (
        <ul className="list-disc space-y-2 pl-5">
          {Object.values(GAME_SITUATION_RULES).map((rule) => (
            <li key={rule.title}>
              <strong>{rule.title}.</strong> {rule.text}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: "winners",
      title: "Pack winners and ties",
      body: (
        <>
          <p className={p}>Once every prop of a pack is graded, the pack has one winner, chosen in this order:</p>
          <ol className="list-decimal space-y-1 pl-5">
            {PACK_WINNER_TIE_BREAK.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className={p}>On the leaderboards, players are ordered:</p>
          <ol className="list-decimal space-y-1 pl-5">
            {BOARD_TIE_BREAK.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ),
    },
    {
      id: "beat-the-ai",
      title: "Beat the AI, and your rivals",
      body: (
        <>
          {AI_AND_RIVALS_EXPLAINED.map((text) => (
            <p key={text} className={p}>
              {text}
            </p>
          ))}
          <p className={p}>{AI_PLAYER_HOUSE_RULE.text}</p>
        </>
      ),
    },
    {
      // The rules of src/domain/achievements.ts, which the profile and the server's SQL follow (docs/decisions/068-streaks-badges-recaps.md).
      id: "streaks-and-badges",
      title: "Streaks, badges and your week",
      body: (
        <>
          {STREAK_RULES.map((rule) => (
            <p key={rule} className={p}>
              {rule}
            </p>
          ))}
          <p className={p}>Badges are earned from your current picks and their results, and follow every correction:</p>
          <ul className="list-disc space-y-2 pl-5" data-testid="badge-rules">
            {BADGES.map((badge) => (
              <li key={badge.id}>
                <strong>{badge.name}.</strong> {badge.howToEarn}
              </li>
            ))}
          </ul>
          <p className={p}>Your profile recaps your week:</p>
          <ul className="list-disc space-y-2 pl-5">
            {RECAP_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: "prizes",
      title: "Prizes and award codes",
      body: (
        <p className={p}>
          A pack may name a prize for its winner; the{" "}
          <Link href="/rules#prizes" className="font-semibold text-accent hover:underline">
            Official rules
          </Link>{" "}
          say how it is given. Award codes (a link or a code on a card) add diamonds once per player. A marketplace item is exchanged for
          diamonds and its code is shown to you at once and kept in your history.
        </p>
      ),
    },
    {
      id: "texts",
      title: "Texts and STOP",
      body: (
        <p className={p}>
          {PRODUCT_NAME} signs you in with a code texted to your phone. Texts about packs opening and your results come only if you ask for
          them. Reply STOP to any text to pause them all, START to resume; &ldquo;Pause all texts&rdquo; on your profile does the same.
          Message and data rates may apply.
        </p>
      ),
    },
  ];
  return (
    <DocPage
      title="How it works"
      intro={<p>{PRODUCT_NAME} in a minute: pick a side on each prop, win points from the odds, trade diamonds for prizes.</p>}
      sections={sections}
      related={<DocLinks except="/how-it-works" />}
    />
  );
}
