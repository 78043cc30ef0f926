import "next-auth";
import "next-auth/jwt";
import type { SessionIdentity } from "@/server/auth/session-identity";

declare module "next-auth" {
  interface Session {
    user: {
      /** The public handle (the API calls it profileID, docs/PRODUCT.md §1). */
      profileID: string;
      phone: string;
      superAdmin: boolean;
      /** Present (true) for a commissioner (decision 064): the menus show them the admin area's part they may use. */
      commissioner?: boolean;
      /** The profile's uuid: the identity other rows point at. */
      id: string;
      /** Only right after the sign-in that created the profile (the client then asks for a username). */
      isNewProfile?: boolean;
      /**
       * The spendable balance in tokens, read afresh for every session answer and never kept in the
       * token; absent when it could not be read (the header then shows 0).
       */
      tokensBalance?: number;
    };
  }
  /** What sign-in hands the token: the session identity (src/server/auth/session-identity.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation: merges the identity into next-auth's User
  interface User extends SessionIdentity {}
}

declare module "next-auth/jwt" {
  interface JWT {
    profileID?: string;
    phone?: string;
    superAdmin?: boolean;
    commissioner?: boolean;
    /** The profile's session_version when the token was issued; absent on older tokens, which count as 0. */
    sessionVersion?: number;
    isNewProfile?: boolean;
  }
}
