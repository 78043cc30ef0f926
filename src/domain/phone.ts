/**
 * Phone input rules (docs/PRODUCT.md §14) as the field applies them while
 * typing: digits only, at most 10; an 11-digit value starting with 1 (e.g. an
 * autofilled "+1 555…") keeps the last 10. The server never cuts: see toE164.
 */
export function normalizePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return digits.slice(0, 10);
}

export function isCompletePhone(digits: string): boolean {
  return /^[0-9]{10}$/.test(digits);
}

/** The (999) 999-9999 mask, applied progressively while typing. */
export function formatPhoneMask(digits: string): string {
  const d = normalizePhoneInput(digits);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A US number → E.164 as stored (+1XXXXXXXXXX): exactly ten digits, or eleven
 * starting with 1, whatever the punctuation. Anything longer (an extension, a
 * foreign number) is null, never cut to its first ten digits: that would text
 * someone else.
 */
export function toE164(raw: string): string | null {
  const digits = raw.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return isCompletePhone(national) ? `+1${national}` : null;
}

/** "+15555551234" → "(555) 555-1234". */
export function formatE164ForDisplay(e164: string): string {
  return formatPhoneMask(e164.replace(/^\+1/, ""));
}
