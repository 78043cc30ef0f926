"use client";

import { CloseButton } from "@/components/ui/close-button";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useContext, useEffect, useRef, useState } from "react";
import { useSession } from "@/components/shell/session";
import { useSignOut } from "@/components/shell/use-sign-out";
import { NavSubList } from "@/components/shell/nav-sub-list";
import { ChevronDown, Coins } from "lucide-react";
import { DialogFrameContext } from "@/components/ui/dialog";
import { NavIcon } from "@/components/shell/nav-icon";
import { isActivePath, navItemsFor } from "@/components/shell/nav-items";
import { useTokenBalance } from "@/components/shell/use-token-balance";
import type { DialogComponentProps } from "./dialog-types";

export const DRAWER_ANIMATION_MS = 300;

/** The mobile drawer: slides in from the left; Escape, "×", the overlay or a link close it with a 300 ms slide. */
export default function MobileNavDialog({ close }: DialogComponentProps) {
  const { setCloseHandler } = useContext(DialogFrameContext);
  const { data: session, status } = useSession();
  const signOutHome = useSignOut("/?logout=1");
  const pathname = usePathname() ?? "/";
  const [leaving, setLeaving] = useState(false);
  const [adminOpen, setAdminOpen] = useState(pathname.startsWith("/admin"));
  const closing = useRef(false);
  const user = status === "authenticated" ? session?.user : undefined;
  const balance = useTokenBalance();

  const animatedClose = () => {
    if (closing.current) return;
    closing.current = true;
    setLeaving(true);
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    setTimeout(() => close(), reduced ? 0 : DRAWER_ANIMATION_MS);
  };

  useEffect(() => {
    setCloseHandler(animatedClose);
    return () => setCloseHandler(null);
  });

  const items = navItemsFor({ signedIn: !!user, handle: user?.profileID, superAdmin: user?.superAdmin, commissioner: user?.commissioner });

  return (
    <div className="absolute inset-0">
      <div
        data-testid="mobile-nav-overlay"
        className={`absolute inset-0 bg-black/55 transition-opacity duration-300 ${leaving ? "opacity-0" : "opacity-100"}`}
        onClick={animatedClose}
        aria-hidden="true"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-nav-title"
        tabIndex={-1}
        data-testid="mobile-nav"
        data-state={leaving ? "closing" : "open"}
        className={`absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col bg-surface text-ink shadow-2xl ${
          leaving ? "animate-drawer-out" : "animate-drawer-in"
        }`}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-2">
          <h2 id="mobile-nav-title" className="text-lg font-extrabold">
            Menu
          </h2>
          <CloseButton label="Close menu" onClick={animatedClose} size={22} className="hover:bg-page" />
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-2">
          <ul className="space-y-1">
            {items.map((item) => {
              const active = isActivePath(item.href, pathname);
              const linkClass = `flex min-h-11 flex-1 items-center gap-3 rounded-lg px-3 font-semibold ${
                active ? "bg-accent-tint text-accent" : "hover:bg-page"
              }`;
              return (
                <li key={item.href}>
                  <div className="flex items-center">
                    <Link href={item.href} onClick={animatedClose} aria-current={active ? "page" : undefined} className={linkClass}>
                      <NavIcon name={item.icon} />
                      {item.label}
                    </Link>
                    {item.subItems ? (
                      <button
                        type="button"
                        aria-expanded={adminOpen}
                        aria-controls="mobile-nav-admin"
                        aria-label={`${adminOpen ? "Hide" : "Show"} ${item.label} pages`}
                        onClick={() => setAdminOpen((open) => !open)}
                        className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-page"
                      >
                        <ChevronDown size={18} aria-hidden="true" className={adminOpen ? "rotate-180" : ""} />
                      </button>
                    ) : null}
                  </div>
                  {item.subItems && adminOpen ? (
                    <NavSubList
                      items={item.subItems}
                      pathname={pathname}
                      id="mobile-nav-admin"
                      className="ml-9 space-y-1 border-l border-line pl-2"
                      linkClassName={() => "flex min-h-11 items-center rounded-md px-2 text-sm hover:bg-page"}
                      onNavigate={animatedClose}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-line p-3">
          {user ? (
            <div className="flex items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2 font-semibold">
                <span className="truncate">@{user.profileID}</span>
                {balance !== undefined ? (
                  <span className="tabular inline-flex items-center gap-1">
                    <Coins size={16} aria-hidden="true" />
                    {balance.toLocaleString("en-US")}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                onClick={signOutHome}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-bold hover:bg-page"
              >
                Log out
              </button>
            </div>
          ) : (
            <Link
              href={`/login?redirect=${encodeURIComponent(pathname)}`}
              onClick={animatedClose}
              className="flex min-h-11 items-center justify-center rounded-full bg-accent px-4 font-bold text-white"
            >
              Log in
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
