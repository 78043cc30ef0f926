import type { ReactNode } from "react";
import Link from "@/components/ui/link";

/** A paragraph of a reading page. */
export function P({ children }: { children: ReactNode }) {
  return <p className="text-ink">{children}</p>;
}

/** A link inside a reading page's text. */
export function DocLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-semibold text-accent hover:underline">
      {children}
    </Link>
  );
}

/** A plain bulleted or numbered list of a reading page. */
export function DocList({ items, ordered = false }: { items: ReactNode[]; ordered?: boolean }) {
  const Tag = ordered ? "ol" : "ul";
  return (
    <Tag className={`${ordered ? "list-decimal" : "list-disc"} space-y-1 pl-5`}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Tag>
  );
}

/** How to delete one's account, said the same way on Terms, Privacy and the FAQ. */
export const DELETE_ACCOUNT_STEPS =
  "Open your own profile (Profile in the menu), scroll to “Delete account” at the bottom, type your handle to confirm and press Delete. Your phone number is removed at once; your past takes stay on the boards under an anonymous name, so everyone else's standings still add up. Signing in later with the same number starts a new player with nothing carried over.";

/** Who may play, as configured (src/server/legal/eligibility.ts, passed by the page): one paragraph per sentence. */
export function EligibilityText({ sentences }: { sentences: string[] }) {
  return (
    <>
      {sentences.map((sentence) => (
        <P key={sentence}>{sentence}</P>
      ))}
    </>
  );
}
