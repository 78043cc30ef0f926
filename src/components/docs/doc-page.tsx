import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { SharedPage } from "@/components/shell/shared-page";

export interface DocSection {
  /** The heading's anchor: /rules#eligibility. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A plain reading page (How it works, Official rules, Terms, Privacy, FAQ: docs/SCREENS.md §2.14):
 * the title, a line of context, a table of contents when the page is long, then one section per
 * heading. Rendered by the server for everyone alike, so the page cache shares one copy.
 */
export function DocPage({
  title,
  intro,
  sections,
  related,
}: {
  title: string;
  intro: ReactNode;
  sections: DocSection[];
  related?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-2xl pb-8 leading-relaxed">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <div className="mt-2 text-muted">{intro}</div>
      {sections.length > 3 ? (
        <nav aria-labelledby="toc-heading" className="mt-5 rounded-2xl bg-surface p-4 ring-1 ring-line">
          <h2 id="toc-heading" className="text-sm font-bold uppercase tracking-wide text-muted">
            On this page
          </h2>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-flex min-h-8 items-center font-semibold text-accent hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8 scroll-mt-20 space-y-3">
          <h2 id={section.id} className="text-xl font-bold tracking-tight">
            {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      {related ? <p className="mt-10 border-t border-line pt-4 text-sm text-muted">{related}</p> : null}
      <SharedPage />
    </article>
  );
}

/** The links between the reading pages, at the foot of each. */
export function DocLinks({ except }: { except: string }) {
  const pages = docPages().filter((page) => page.href !== except);
  return (
    <>
      See also:{" "}
      {pages.map((page, index) => (
        <span key={page.href}>
          {index ? " · " : null}
          <Link href={page.href} className="font-semibold text-accent hover:underline">
            {page.label}
          </Link>
        </span>
      ))}
    </>
  );
}

/** The reading pages by address, in the order the footer lists them (src/components/shell/footer.tsx). */
const DOC_PAGE_LABELS: Record<string, string> = {
  "/how-it-works": "How it works",
  "/rules": "Official rules",
  "/faq": "FAQ",
  "/terms": "Terms",
  "/privacy": "Privacy",
};

export const docPages = () => Object.entries(DOC_PAGE_LABELS).map(([href, label]) => ({ href, label }));
