import type { Metadata } from "next";
import { DocLinks, DocPage, type DocSection } from "@/components/docs/doc-page";
import { DELETE_ACCOUNT_STEPS, DocLink, P } from "@/components/docs/doc-parts";
import { PRODUCT_NAME } from "@/config";
import { GAME_SITUATION_RULES } from "@/domain/house-rules";
import { POINTS_EXAMPLES } from "@/domain/how-it-works";
import { LOGIN_CODE_TTL_MS } from "@/server/auth/otp";
import { eligibility } from "@/server/legal/eligibility";

export const metadata: Metadata = { title: "FAQ" };
export const dynamic = "force-dynamic";

/** /faq (docs/SCREENS.md §2.14): the questions a new player asks, each answered in a few lines. */
export default function FaqPage() {
  const [favourite, , underdog] = POINTS_EXAMPLES;
  const { minAge } = eligibility();
  const sections: DocSection[] = [
    {
      id: "cost",
      title: "Does it cost anything?",
      body: <P>No. {PRODUCT_NAME} is free; no purchase is necessary and nothing is for sale.</P>,
    },
    {
      id: "points",
      title: "Why does one side pay more than the other?",
      body: (
        <P>
          Points follow the odds: the favourite at {favourite!.price} pays {favourite!.points} points, the underdog at {underdog!.price}{" "}
          pays {underdog!.points}. <DocLink href="/how-it-works#points">More examples</DocLink>.
        </P>
      ),
    },
    {
      id: "odds-change",
      title: "The odds changed after I picked. What do I get?",
      body: <P>The points your side showed when you submitted: that price is locked with your pick.</P>,
    },
    {
      id: "diamonds",
      title: "What are diamonds?",
      body: <P>5% of the points you win, added to your balance, to spend in the marketplace. They cannot be bought or cashed out.</P>,
    },
    {
      id: "change-pick",
      title: "Can I change a pick?",
      body: <P>Yes, switch it to the other side and submit again, until its prop locks at its game&apos;s start.</P>,
    },
    {
      id: "postponed",
      title: "What if my game is postponed or tied?",
      body: (
        <>
          <P>{GAME_SITUATION_RULES.postponed.text}</P>
          <P>{GAME_SITUATION_RULES.tied.text}</P>
          <P>
            Suspended and shortened games: see the <DocLink href="/rules#game-situations">Official rules</DocLink>.
          </P>
        </>
      ),
    },
    {
      id: "who-can-play",
      title: "Who can play?",
      body: (
        <P>
          Anyone {minAge} or older in the United States, except where the game is void: see{" "}
          <DocLink href="/rules#eligibility">who may play</DocLink>.
        </P>
      ),
    },
    {
      id: "texts",
      title: "How do I stop the texts?",
      body: <P>Reply STOP to any text, or turn on &ldquo;Pause all texts&rdquo; on your profile. Reply START to get them again.</P>,
    },
    {
      id: "help",
      title: "I replied HELP and nothing happened.",
      body: (
        <P>
          Replies other than STOP and START are not read. The answers are on these pages; sign-in trouble is usually a code older than{" "}
          {LOGIN_CODE_TTL_MS / 60_000} minutes: ask for a new one.
        </P>
      ),
    },
    {
      id: "delete",
      title: "How do I delete my account?",
      body: <P>{DELETE_ACCOUNT_STEPS}</P>,
    },
  ];
  return (
    <DocPage
      title="Frequently asked questions"
      intro={<P>Short answers. The full text is in the Official rules.</P>}
      sections={sections}
      related={<DocLinks except="/faq" />}
    />
  );
}
