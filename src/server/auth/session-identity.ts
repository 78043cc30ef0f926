/** What the session token carries about the signed-in profile (domain.md §1). */
export interface SessionIdentity {
  /** The profile uuid (the token's `sub`). */
  id: string;
  /** The public handle, which product-spec calls profileID. */
  profileID: string;
  /** E.164. */
  phone: string;
  superAdmin: boolean;
  /** Only on the sign-in that created the profile, so the client asks for a username once. */
  isNewProfile?: boolean;
}
