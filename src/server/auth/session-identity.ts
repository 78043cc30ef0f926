/** What the session token carries about the signed-in profile (docs/PRODUCT.md §1). */
export interface SessionIdentity {
  /** The profile uuid (the token's `sub`). */
  id: string;
  /** The public handle, which the API calls profileID (docs/PRODUCT.md §1). */
  profileID: string;
  /** E.164. */
  phone: string;
  superAdmin: boolean;
  /** May build, open and grade packs (decision 064); for the menus only: admin requests re-read it. */
  commissioner: boolean;
  /** profiles.session_version: a token issued with an older number is revoked (decision 018). */
  sessionVersion: number;
  /** Only on the sign-in that created the profile, so the client asks for a username once. */
  isNewProfile?: boolean;
}
