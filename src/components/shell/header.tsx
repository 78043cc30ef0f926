"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useSession } from "./session";
import { useSignOut } from "./use-sign-out";
import type { ReactNode } from "react";
import { useModal } from "@/components/dialogs/modal-context";
import { headerItemsFor, isActivePath } from "./nav-base";
import { useMounted } from "./use-mounted";
import { useTokenBalance } from "./use-token-balance";

/**
 * The fixed top bar. Its pictures (the globe logo, the menu and diamond icons)
 * arrive rendered by the server layout, so neither they nor an icon library
 * are in every page's first-load JavaScript.
 */
export function Header({ icons }: { icons: Record<"logo" | "menu" | "coins", ReactNode> }) {
  const { data: session, status } = useSession();
  const signOutHome = useSignOut("/?logout=1");
  const pathname = usePathname() ?? "/";
  const mounted = useMounted();
  const { openModal } = useModal();
  const user = status === "authenticated" ? session?.user : undefined;
  const balance = useTokenBalance();
  const viewer = { signedIn: !!user, handle: user?.profileID, superAdmin: user?.superAdmin, commissioner: user?.commissioner };
  const currentPath = mounted ? `${pathname}${window.location.search}` : pathname;

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-12 bg-header text-white shadow-sm">
      <div className="mx-auto flex h-12 max-w-screen-2xl items-center gap-3 px-3 sm:px-5">
        <button
          type="button"
          aria-label="Menu"
          onClick={() => void openModal("mobileNav")}
          className="-ml-1 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10 md:hidden"
        >
          {icons.menu}
        </button>
        <Link href="/" aria-label="Go to home" className="inline-flex h-11 w-11 items-center justify-center rounded-full">
          {icons.logo}
        </Link>
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {headerItemsFor(viewer).map((item) => {
              const active = isActivePath(item.href, pathname);
              return (
                <li key={item.href} className={item.headerFrom ? "hidden lg:block" : undefined}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex h-12 items-center border-b-2 px-3 text-sm font-semibold ${
                      active ? "border-[#7aa2ff] text-white" : "border-transparent text-white/80 hover:text-white"
                    }`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {!mounted || status === "loading" ? (
            <span aria-hidden="true" data-testid="header-placeholder" className="block h-8 w-32 rounded-full bg-white/10" />
          ) : user ? (
            <>
              <Link
                href={`/profile/${encodeURIComponent(user.profileID)}`}
                aria-label={
                  balance === undefined
                    ? `Your profile, @${user.profileID}`
                    : `Your profile, @${user.profileID}, ${balance.toLocaleString("en-US")} diamonds`
                }
                className="inline-flex h-9 max-w-[11rem] items-center gap-2 rounded-full bg-white/10 px-3 text-sm font-semibold hover:bg-white/20 sm:max-w-none"
                data-testid="profile-pill"
              >
                <span className="truncate">{user.profileID}</span>
                {balance !== undefined ? (
                  <span className="tabular inline-flex items-center gap-1 font-bold" data-testid="header-balance">
                    {icons.coins}
                    {balance.toLocaleString("en-US")}
                  </span>
                ) : null}
              </Link>
              <button
                type="button"
                onClick={signOutHome}
                className="inline-flex h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white"
              >
                Log out
              </button>
            </>
          ) : (
            <Link
              href={`/login?redirect=${encodeURIComponent(currentPath)}`}
              className="inline-flex h-9 items-center rounded-full bg-white px-4 text-sm font-bold text-header hover:bg-white/90"
            >
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
