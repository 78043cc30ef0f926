import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { CheckCircle2, AlertCircle, Coins, Menu, X } from "@/components/ui/plain-icons";
import "./globals.css";
import { PRODUCT_NAME } from "@/config";
import { ModalHost } from "@/components/dialogs/modal-host";
import { Footer } from "@/components/shell/footer";
import { GlobeLogo } from "@/components/shell/globe-logo";
import { PAGE_SETTLED_SCRIPT } from "@/components/shell/page-settled";
import { Header } from "@/components/shell/header";
import { Providers } from "@/components/shell/providers";
import { AdminSidebarSlot } from "@/components/shell/admin-sidebar-slot";
import { ShellExtras } from "@/components/shell/shell-extras";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { PICTURE_FALLBACK_SCRIPT } from "@/components/shell/picture-fallback";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s | ${PRODUCT_NAME}` },
  description: "Make your takes on NFL and MLB games, earn points and diamonds, and climb the leaderboard.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0b1426",
};

// Every page reads the database and carries a per-request CSP nonce, so none is static.
export const dynamic = "force-dynamic";

// Polling is off by default; the session still refreshes on focus and across tabs.
const SESSION_POLL_SECONDS = 0;

// The shell's pictures, drawn here on the server and handed to the client
// components that show them: no icon code in any page's first-load JavaScript.
const TOAST_ICONS = {
  success: <CheckCircle2 size={18} aria-hidden="true" />,
  error: <AlertCircle size={18} aria-hidden="true" />,
  dismiss: <X size={16} aria-hidden="true" />,
};
const HEADER_ICONS = {
  logo: <GlobeLogo />,
  menu: <Menu size={22} aria-hidden="true" />,
  coins: <Coins size={16} aria-hidden="true" className="text-amber-300" />,
};

/**
 * A page loaded in a frame of our own (the receipt dialog frames the receipt
 * page) shows its content alone: no header, menu, footer or sign-in prompts
 * inside the dialog. Sec-Fetch-Dest is set by the browser, not by script; it
 * only decides what is drawn, never what may be seen.
 */
async function isFramed(): Promise<boolean> {
  return (await headers()).get("sec-fetch-dest") === "iframe";
}

/**
 * First in <body>, before any picture: remote pictures that fail are drawn by us instead
 * (components/shell/picture-fallback.ts), and decoration waits for the page to settle before
 * it moves (components/shell/page-settled.ts). It carries the request's CSP nonce (src/proxy.ts); a
 * rendering for the shared page cache has none and is allowed by the script's hash instead.
 */
async function FirstScript() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PICTURE_FALLBACK_SCRIPT + PAGE_SETTLED_SCRIPT }} />;
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  if (await isFramed()) {
    return (
      <html lang="en">
        <body className="antialiased">
          <FirstScript />
          <Providers refetchIntervalSeconds={SESSION_POLL_SECONDS} toastIcons={TOAST_ICONS}>
            <main id="main" className="mx-auto w-full max-w-screen-xl px-4 py-6">
              {children}
            </main>
            <HydrateInSlices>
              <ModalHost />
            </HydrateInSlices>
          </Providers>
        </body>
      </html>
    );
  }
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        <FirstScript />
        <Providers refetchIntervalSeconds={SESSION_POLL_SECONDS} toastIcons={TOAST_ICONS}>
          <div id="app-shell">
            <a href="#main" className="sr-only left-2 top-2 z-50 rounded bg-surface px-3 py-2 font-semibold focus:not-sr-only focus:fixed">
              Skip to content
            </a>
            {/* The shell hydrates in slices too: only the providers and Next's router hydrate in one piece (docs/decisions/023-load-budget.md). */}
            <HydrateInSlices>
              <Header icons={HEADER_ICONS} />
            </HydrateInSlices>
            <HydrateInSlices>
              <AdminSidebarSlot />
            </HydrateInSlices>
            <div className="flex min-h-screen flex-col pt-12 transition-[padding] duration-200 lg:pl-[var(--sidebar-width,0px)]">
              <main id="main" className="mx-auto w-full max-w-screen-xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
                {children}
              </main>
              <Footer />
            </div>
          </div>
          <HydrateInSlices>
            <ModalHost />
            <ShellExtras />
          </HydrateInSlices>
        </Providers>
      </body>
    </html>
  );
}
