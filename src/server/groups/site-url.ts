import "server-only";
import { serverEnv } from "@/env";

/** The invite link as a friend opens it: this site's own address (NEXTAUTH_URL), the join page, the token. */
export const inviteUrl = (token: string) => `${serverEnv().NEXTAUTH_URL.replace(/\/$/, "")}/groups/join/${token}`;
