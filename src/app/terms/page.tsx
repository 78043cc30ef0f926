import type { Metadata } from "next";
import { DocLinks, DocPage } from "@/components/docs/doc-page";
import { DELETE_ACCOUNT_STEPS, DocLink, EligibilityText, P } from "@/components/docs/doc-parts";
import { PRODUCT_NAME } from "@/config";
import { eligibilitySentences } from "@/server/legal/eligibility";

export const metadata: Metadata = { title: "Terms of Service" };
export const dynamic = "force-dynamic";

/** /terms (docs/SCREENS.md §2.14): the agreement a player accepts by signing in. */
export default function TermsPage() {
  return (
    <DocPage
      title="Terms of Service"
      intro={<P>The terms of using {PRODUCT_NAME}, in plain words.</P>}
      related={<DocLinks except="/terms" />}
      sections={[
        {
          id: "agreement",
          title: "The agreement",
          body: (
            <P>
              By signing in to {PRODUCT_NAME} you agree to these terms, the <DocLink href="/rules">Official rules</DocLink> and the{" "}
              <DocLink href="/privacy">Privacy Policy</DocLink>. If you do not agree, do not sign in.
            </P>
          ),
        },
        {
          id: "eligibility",
          title: "Who may sign in",
          body: (
            <>
              <EligibilityText sentences={eligibilitySentences()} />
              <P>One account per person, on a mobile number that is yours.</P>
            </>
          ),
        },
        {
          id: "free-to-play",
          title: "A free game, not gambling",
          body: (
            <P>
              {PRODUCT_NAME} is a free prediction game. No purchase is necessary, nothing is wagered, and points and diamonds have no cash
              value. Odds are shown only to decide how many points a pick is worth.
            </P>
          ),
        },
        {
          id: "your-account",
          title: "Your account and handle",
          body: (
            <P>
              Keep your phone and sign-in codes to yourself. Your handle and picture are public: do not use someone else&apos;s name or
              anything offensive; we may change a handle or suspend an account that does.
            </P>
          ),
        },
        {
          id: "texts",
          title: "Texts",
          body: (
            <P>
              You agree to receive the sign-in codes you ask for, and the pack and results texts you opt in to. Reply STOP to pause all
              texts and START to resume. Message and data rates may apply.
            </P>
          ),
        },
        {
          id: "ending",
          title: "Ending your account",
          body: <P>{DELETE_ACCOUNT_STEPS}</P>,
        },
        {
          id: "no-warranty",
          title: "No warranty",
          body: (
            <P>
              The game is provided as it is. Scores and odds come from outside sources and may be late or wrong; we correct grades when they
              are, as the Official rules say. We are not liable for losses from using the game beyond what the law does not let us exclude.
            </P>
          ),
        },
        {
          id: "changes",
          title: "Changes",
          body: <P>We may change these terms; continuing to play after a change means accepting it.</P>,
        },
      ]}
    />
  );
}
