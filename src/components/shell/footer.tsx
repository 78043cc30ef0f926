import Link from "@/components/ui/link";
import { docPages } from "@/components/docs/doc-page";
import { PRODUCT_NAME } from "@/config";

export function Footer() {
  return (
    <footer className="border-t border-line py-6 pb-28 text-center text-xs text-muted md:pb-6">
      <nav aria-label="About the game">
        <ul className="mb-3 flex flex-wrap justify-center gap-x-4 gap-y-1">
          {docPages().map((page) => (
            <li key={page.href}>
              <Link href={page.href} className="inline-flex min-h-8 items-center font-semibold text-ink hover:underline">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </footer>
  );
}
