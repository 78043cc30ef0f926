import type { Metadata } from "next";
import { DocLinks, DocPage, type DocSection } from "@/components/docs/doc-page";
import { DELETE_ACCOUNT_STEPS, DocList, P } from "@/components/docs/doc-parts";
import { PRODUCT_NAME } from "@/config";
import { SESSION_MAX_AGE_SECONDS } from "@/server/auth/auth-options";
import { LOGIN_CODE_TTL_MS } from "@/server/auth/otp";
import { KEEP_AFTER_EXPIRY_MS } from "@/server/auth/purge-stale-login-codes";

export const metadata: Metadata = { title: "Privacy Policy" };
export const dynamic = "force-dynamic";

const minutes = (ms: number) => Math.round(ms / 60_000);
const hours = (ms: number) => Math.round(ms / 3_600_000);
const days = (seconds: number) => Math.round(seconds / 86_400);

/**
 * /privacy (docs/SCREENS.md §2.14): what is kept and for how long. Every period below is the code's
 * own figure (the sign-in code's life and purge, the session's length), read from where it is set.
 */
export default function PrivacyPage() {
  const sections: DocSection[] = [
    {
      id: "what-we-keep",
      title: "What we keep",
      body: (
        <DocList
          items={[
            "Your mobile phone number: it is how you sign in and where texts you asked for go. It is never shown to other players.",
            "Your handle and picture, which everyone sees on boards and your profile.",
            "Your picks, with when they were made and what each was worth; your points, diamonds and the history of how they changed.",
            "Teams and series you follow, the texts you asked for and when you agreed to them, and a STOP if you sent one.",
            "Marketplace exchanges, with the name and email you give to receive an item, and a shipping address when an item needs one.",
            "A record of each text we send you (the number, the wording and when), so no text is sent twice.",
          ]}
        />
      ),
    },
    {
      id: "how-long",
      title: "How long we keep it",
      body: (
        <DocList
          items={[
            `Sign-in codes work for ${minutes(LOGIN_CODE_TTL_MS)} minutes and are stored only in a scrambled (hashed) form; the text that carried one is stored with the code masked. Each code's record is deleted ${hours(KEEP_AFTER_EXPIRY_MS)} hours after it expires.`,
            `Signing in keeps you signed in on that browser for ${days(SESSION_MAX_AGE_SECONDS)} days, in a cookie; signing out ends it.`,
            "Counts of sign-in attempts (per phone number and network address), which slow down guessing, are deleted when their window ends.",
            "Our server logs hide phone numbers, text wording, codes and cookies before a line is written; they are kept by our hosting's log collection, not in the game's database.",
            "Everything else is kept while your account exists.",
          ]}
        />
      ),
    },
    {
      id: "how-we-use-it",
      title: "How we use it",
      body: (
        <P>
          To run the game: sign you in, record and grade your picks, show boards, give prizes and send the texts you asked for. We do not
          sell your data or show ads. Texts go through our SMS provider, which receives your number and the text to deliver it.
        </P>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <P>
          {PRODUCT_NAME} sets only the cookies it needs: your session once you sign in, a short-lived one that lets you see your own picks
          right after submitting them, and a marker of a browser that signed in before, which helps protect your number from others asking
          for codes, a mark that the browser has made a pick (so the home page stops explaining the game; it names no one), and a pass for
          members-only pages once you enter their password. No advertising or tracking cookies.
        </P>
      ),
    },
    {
      id: "delete",
      title: "Deleting your account",
      body: <P>{DELETE_ACCOUNT_STEPS}</P>,
    },
    {
      id: "children",
      title: "Children",
      body: <P>The game is not for children: see who may play in the Official rules.</P>,
    },
  ];
  return (
    <DocPage
      title="Privacy Policy"
      intro={<P>What {PRODUCT_NAME} keeps about you, for how long, and how to have it removed.</P>}
      sections={sections}
      related={<DocLinks except="/privacy" />}
    />
  );
}
