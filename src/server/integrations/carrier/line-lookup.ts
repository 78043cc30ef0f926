import "server-only";
import type { LineFacts } from "@/domain/line-type";
import { serverEnv } from "@/env";

/** Asks a carrier database what kind of line a number is. Throws when it cannot tell (no answer, an error status). */
export interface LineLookup {
  lookup(e164: string): Promise<LineFacts>;
}

export interface TwilioLookupConfig {
  /** https://lookups.twilio.com, or a local stand-in in tests. */
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
}

/**
 * Twilio Lookup v2's Line Type Intelligence: `GET {base}/v2/PhoneNumbers/{E164}?Fields=line_type_intelligence`
 * with Basic auth, answering `{ valid, country_code, line_type_intelligence: { type, error_code } }`.
 * A number Twilio calls not valid (`valid: false`, no such number plan) is the line type "invalid".
 */
export function createTwilioLineLookup(config: TwilioLookupConfig): LineLookup {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString("base64")}`;
  const base = config.baseUrl.replace(/\/+$/, "");
  return {
    async lookup(e164) {
      const response = await fetch(`${base}/v2/PhoneNumbers/${encodeURIComponent(e164)}?Fields=line_type_intelligence`, {
        headers: { Authorization: authorization, Accept: "application/json" },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        valid?: unknown;
        country_code?: unknown;
        line_type_intelligence?: { type?: unknown } | null;
        code?: unknown;
      };
      if (!response.ok) {
        const code = typeof answer.code === "number" ? ` (error ${answer.code})` : "";
        throw new Error(`carrier lookup answered ${response.status}${code}`);
      }
      if (answer.valid === false) return { type: "invalid", countryCode: null };
      const type = answer.line_type_intelligence?.type;
      return {
        type: typeof type === "string" ? type : null,
        countryCode: typeof answer.country_code === "string" ? answer.country_code : null,
      };
    },
  };
}

/** The configured lookup (CARRIER_LOOKUP_URL), or null when sign-in does not check lines. */
export function getLineLookup(): LineLookup | null {
  const config = serverEnv().carrierLookup;
  return config ? createTwilioLineLookup(config) : null;
}
