import type { Metadata } from "next";
import { DocLinks, DocPage, type DocSection } from "@/components/docs/doc-page";
import { DocLink, DocList, EligibilityText, P } from "@/components/docs/doc-parts";
import { PRODUCT_NAME } from "@/config";
import { eligibilitySentences } from "@/server/legal/eligibility";
import { AI_PLAYER_HOUSE_RULE, BOARD_TIE_BREAK, GAME_SITUATION_RULES, PACK_WINNER_TIE_BREAK } from "@/domain/house-rules";
import { EVEN_ODDS_VALUE, PUSH_POINTS } from "@/domain/points";

export const metadata: Metadata = { title: "Official rules" };
// Eligibility is configured per deployment (src/env.ts), so the page is rendered at run time, then cached like every public page.
export const dynamic = "force-dynamic";

/** /rules (docs/SCREENS.md §2.14): the Official rules — who may play, how points and winners are decided, every written house rule. */
export default function RulesPage() {
  const sections: DocSection[] = [
    {
      id: "eligibility",
      title: "Who may play",
      body: (
        <>
          <EligibilityText sentences={eligibilitySentences()} />
          <P>One person, one account, signed in with their own mobile number. Accounts made to get around these rules may be closed.</P>
        </>
      ),
    },
    {
      id: "no-purchase",
      title: "No purchase necessary",
      body: (
        <P>
          {PRODUCT_NAME} is free to play. No purchase or payment is necessary to enter or to win, and paying would not improve your chances:
          nothing in the game is for sale. Diamonds have no cash value and cannot be bought, sold or transferred.
        </P>
      ),
    },
    {
      id: "how-to-play",
      title: "How to play",
      body: (
        <P>
          Pick one side on any of a pack&apos;s props and submit before each prop locks at its own game&apos;s start. A saved pick may be
          switched to the other side until then. Picks are recorded with the time and the point value they were submitted at.
        </P>
      ),
    },
    {
      id: "scoring",
      title: "Scoring",
      body: (
        <DocList
          items={[
            <>
              A winning pick earns the points its side showed when submitted, worked out from the moneyline (an even-money side is{" "}
              {EVEN_ODDS_VALUE} points; a side without odds is {EVEN_ODDS_VALUE}).{" "}
              <DocLink href="/how-it-works#points">Worked examples</DocLink>.
            </>,
            "A losing pick earns 0 points.",
            `Every pick on a pushed prop earns ${PUSH_POINTS} points.`,
            "A void pick earns nothing and counts in no record.",
            "Diamonds are 5% of the points won, credited when a prop is graded.",
          ]}
        />
      ),
    },
    {
      id: "game-situations",
      title: "Postponed, suspended, shortened and tied games",
      body: (
        <>
          {Object.values(GAME_SITUATION_RULES).map((rule) => (
            <div key={rule.title}>
              <h3 className="font-bold">{rule.title}</h3>
              <P>{rule.text}</P>
            </div>
          ))}
          <P>
            Grading follows the league&apos;s official final score. A grade found to be wrong is corrected, and every player whose points
            change is told.
          </P>
        </>
      ),
    },
    {
      id: "winners",
      title: "Pack winners and tie-breaks",
      body: (
        <>
          <P>When every prop of a pack is graded, its one winner is chosen in this order:</P>
          <DocList ordered items={[...PACK_WINNER_TIE_BREAK]} />
          <P>Leaderboards order players:</P>
          <DocList ordered items={[...BOARD_TIE_BREAK]} />
          <P>
            <strong>{AI_PLAYER_HOUSE_RULE.title}.</strong> {AI_PLAYER_HOUSE_RULE.text}
          </P>
        </>
      ),
    },
    {
      id: "prizes",
      title: "Prizes and codes",
      body: (
        <DocList
          items={[
            "A pack may name a prize for its winner. The winner is shown on the pack once it is graded; we contact the winner at the phone number on their account to arrange the prize.",
            "Marketplace items are exchanged for diamonds. The item's code is shown to you at once and kept in your history; codes are not replaced once shown, and are never shown to anyone else.",
            "Award codes (on a card or in a link) add their diamonds once per player, while the code is valid and not used up.",
            "Prizes cannot be exchanged for cash. Any taxes on a prize are the winner's.",
          ]}
        />
      ),
    },
    {
      id: "fair-play",
      title: "Fair play",
      body: (
        <P>
          We may void picks, withhold diamonds or prizes and close accounts that break these rules: several accounts for one person,
          automated play, or exploiting an error. Our grading decisions are final, subject to the corrections above.
        </P>
      ),
    },
    {
      id: "texts",
      title: "Texts",
      body: (
        <P>
          Sign-in codes are texted to your phone. Pack and results texts come only when you ask for them. Reply STOP to pause every text,
          START to resume. Replies are read by a machine, not a person: for help, see the <DocLink href="/faq">FAQ</DocLink>. Message and
          data rates may apply.
        </P>
      ),
    },
    {
      id: "changes",
      title: "Changes to these rules",
      body: <P>We may change these rules for packs not yet open; a pack already open is played under the rules it opened with.</P>,
    },
  ];
  return (
    <DocPage
      title="Official rules"
      intro={<P>The rules every pack is played and graded by. The short version is on How it works.</P>}
      sections={sections}
      related={<DocLinks except="/rules" />}
    />
  );
}
