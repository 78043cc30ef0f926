import Link from "@/components/ui/link";
import { isActivePath, type NavItem } from "./nav-items";

/**
 * The pages under a navigation item (the admin hub's), in the sidebar and in the phone's menu: each
 * a link, the current one marked aria-current="page". `linkClassName` styles a link, current or not;
 * `onNavigate` runs on a click (the menu closes).
 */
export function NavSubList({
  items,
  pathname,
  id,
  className,
  linkClassName,
  onNavigate,
}: {
  items: NavItem[];
  pathname: string;
  id?: string;
  className: string;
  linkClassName: (active: boolean) => string;
  onNavigate?: () => void;
}) {
  return (
    <ul id={id} className={className}>
      {items.map((sub) => {
        const active = isActivePath(sub.href, pathname);
        return (
          <li key={sub.href}>
            <Link href={sub.href} onClick={onNavigate} aria-current={active ? "page" : undefined} className={linkClassName(active)}>
              {sub.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
