// Which phone lines sign-in texts a code to when a carrier lookup is configured
// (docs/PRODUCT.md §1, docs/decisions/059-fair-play.md). One person, one account:
// only a US mobile line passes. Internet numbers (VoIP, fixed or not) can be made by
// the dozen in a minute, landlines and pagers cannot take our texts.

/** What the lookup said about a line: Twilio Lookup v2's line_type_intelligence.type and country_code. */
export interface LineFacts {
  /** mobile, landline, fixedVoip, nonFixedVoip, tollFree, voip, personal, pager, premium, sharedCost, uan, voicemail, unknown; null when not given. */
  type: string | null;
  /** ISO country, e.g. "US"; null when not given. */
  countryCode: string | null;
}

const WHAT_IT_LOOKS_LIKE: Record<string, string> = {
  landline: "a landline",
  fixedVoip: "an internet (VoIP) number",
  nonFixedVoip: "an internet (VoIP) number",
  voip: "an internet (VoIP) number",
  tollFree: "a toll-free number",
  pager: "a pager",
  voicemail: "a voicemail-only number",
  premium: "a premium-rate number",
  sharedCost: "a shared-cost number",
  personal: "a forwarding (personal) number",
  uan: "a company switchboard number",
  invalid: "a number that is not in service",
};

/**
 * Null when a code may be texted to the line, else the sentence the sign-in form shows. A US mobile
 * passes; so does a line the lookup could not classify (type unknown or missing), as when the
 * lookup is down: the refusal is for lines we know cannot be one person's phone.
 */
export function lineRefusal(facts: LineFacts): string | null {
  if (facts.countryCode && facts.countryCode !== "US") {
    return "This number can't receive texts from us: it isn't a US number. Use a US mobile number.";
  }
  if (!facts.type || facts.type === "mobile" || facts.type === "unknown") return null;
  const looksLike = WHAT_IT_LOOKS_LIKE[facts.type];
  const why = looksLike ? `it looks like ${looksLike}` : "it isn't a mobile number";
  return `This number can't receive texts from us: ${why}. Use a mobile number.`;
}
