import "server-only";
import { serverEnv } from "@/env";

/** This site's own address (NEXTAUTH_URL), without a trailing slash. */
export const siteUrl = () => serverEnv().NEXTAUTH_URL.replace(/\/$/, "");

/** The invite link as a friend opens it: this site's own address (NEXTAUTH_URL), the join page, the token. */
export const inviteUrl = (token: string) => `${siteUrl()}/groups/join/${token}`;
