export interface Viewport {
  name: string;
  viewport: { width: number; height: number };
  isMobile: boolean;
  hasTouch: boolean;
  deviceScaleFactor: number;
}
export type Role = "visitor" | "player" | "admin";
export interface Visit {
  route: string;
  url: string;
  role: Role;
  name: string;
}
export const VIEWPORTS: Viewport[];
export const DEMO_ADMIN_PHONE: string;
export const DEMO_PLAYER_PHONE: string;
export const DYNAMIC_URLS: Record<string, (demo: Record<string, string>) => Array<string | { url: string; name: string } | undefined>>;
export function pageRoutes(dir?: string, segments?: string[]): string[];
export function rolesFor(route: string): Role[];
export function shotName(url: string, role: Role, roles: Role[], name?: string): string;
export function planVisits(
  routes: string[],
  demo: Record<string, string>,
): { visits: Visit[]; unfilled: Array<{ route: string; why: string }> };
