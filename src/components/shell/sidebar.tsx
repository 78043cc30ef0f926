"use client";

import { CheckboxLabel } from "@/components/ui/checkbox-label";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useSession } from "./session";
import { useSignOut } from "./use-sign-out";
import { ChevronDown, ChevronsLeft, ChevronsRight, LogOut } from "lucide-react";
import { NavIcon } from "./nav-icon";
import { NavSubList } from "./nav-sub-list";
import { isActivePath, navItemsFor } from "./nav-items";

export const SIDEBAR_STORAGE_KEY = "sidebar-collapsed";

/** The super-admin sidebar (large screens): collapsible, persisted, with the Wireframe toggle. */
export function Sidebar() {
  const { data: session, status } = useSession();
  const signOutHere = useSignOut();
  const pathname = usePathname() ?? "/";
  const [collapsed, setCollapsed] = useState(false);
  const [wireframe, setWireframe] = useState(false);
  // Whether the list runs on below the fold (1280×800 with every admin section open): then a
  // "More" button at its foot says so and scrolls it (issue 41 item 7).
  const navRef = useRef<HTMLElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const user = status === "authenticated" ? session?.user : undefined;
  const visible = !!user?.superAdmin || !!user?.commissioner;

  useEffect(() => {
    setCollapsed(window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === "true");
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty("--sidebar-width", visible ? (collapsed ? "4rem" : "16rem") : "0px");
    return () => root.style.setProperty("--sidebar-width", "0px");
  }, [visible, collapsed]);

  useEffect(() => {
    document.documentElement.classList.toggle("wireframe", wireframe);
  }, [wireframe]);

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const measure = () => setMoreBelow(nav.scrollTop + nav.clientHeight < nav.scrollHeight - 4);
    measure();
    nav.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    if (nav.firstElementChild) observer.observe(nav.firstElementChild);
    return () => {
      nav.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [visible, collapsed, pathname]);

  if (!visible || !user) return null;

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
  };

  return (
    <aside
      aria-label="Admin sidebar"
      data-testid="sidebar"
      data-collapsed={collapsed}
      className={`fixed bottom-0 left-0 top-12 z-30 hidden flex-col border-r border-line bg-surface transition-[width] duration-200 lg:flex ${
        collapsed ? "w-16" : "w-64"
      }`}
    >
      <button
        type="button"
        onClick={toggle}
        aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        className="m-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-page hover:text-ink"
      >
        {collapsed ? <ChevronsRight size={18} aria-hidden="true" /> : <ChevronsLeft size={18} aria-hidden="true" />}
        {collapsed ? <span className="sr-only">Expand</span> : <span>Collapse</span>}
      </button>
      <nav ref={navRef} aria-label="Sidebar" className="min-h-0 flex-1 overflow-y-auto px-2">
        <ul className="space-y-1">
          {navItemsFor({ signedIn: true, handle: user.profileID, superAdmin: user.superAdmin, commissioner: user.commissioner }).map(
            (item) => {
              const active = isActivePath(item.href, pathname);
              const expanded = !collapsed && item.subItems && pathname.startsWith(item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    aria-label={collapsed ? item.label : undefined}
                    title={collapsed ? item.label : undefined}
                    className={`flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold ${
                      active ? "bg-accent-tint text-accent" : "text-ink hover:bg-page"
                    }`}
                  >
                    <NavIcon name={item.icon} />
                    {collapsed ? null : <span>{item.label}</span>}
                  </Link>
                  {expanded ? (
                    <NavSubList
                      items={item.subItems!}
                      pathname={pathname}
                      className="ml-9 mt-1 border-l border-line pl-2"
                      linkClassName={(current) =>
                        `flex min-h-8 items-center rounded-md px-2 text-sm ${current ? "font-bold text-accent" : "text-muted hover:text-ink"}`
                      }
                    />
                  ) : null}
                </li>
              );
            },
          )}
        </ul>
        {moreBelow ? (
          <div className="sticky bottom-0 bg-gradient-to-t from-surface via-surface to-transparent pb-1 pt-4">
            <button
              type="button"
              onClick={() => navRef.current?.scrollBy({ top: navRef.current.clientHeight * 0.8, behavior: "smooth" })}
              aria-label="More: scroll the sidebar down"
              title={collapsed ? "More" : undefined}
              className="inline-flex min-h-9 w-full items-center justify-center gap-1 rounded-lg border border-line bg-surface text-sm font-semibold text-muted hover:text-ink"
            >
              <ChevronDown size={16} aria-hidden="true" />
              {collapsed ? null : <span>More</span>}
            </button>
          </div>
        ) : null}
      </nav>
      <div className="space-y-2 border-t border-line p-2">
        <CheckboxLabel
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-semibold hover:bg-page"
          inputClassName="h-4 w-4 accent-[var(--color-accent)]"
          checked={wireframe}
          onChange={setWireframe}
        >
          <span className={collapsed ? "sr-only" : undefined}>Wireframe</span>
        </CheckboxLabel>
        <button
          type="button"
          onClick={signOutHere}
          className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-ink px-3 text-sm font-bold text-page hover:opacity-90"
        >
          <LogOut size={18} aria-hidden="true" />
          <span className={collapsed ? "sr-only" : undefined}>Sign Out</span>
        </button>
      </div>
    </aside>
  );
}
