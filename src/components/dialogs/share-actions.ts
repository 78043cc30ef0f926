// Shared by the share dialogs: native share where the browser has it, else copy.

/** True when the browser offers a native share sheet. */
export const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/** Copies text; false when the clipboard is unavailable (insecure context, denied). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Opens the native share sheet; false when unsupported or dismissed. */
export async function nativeShare(data: ShareData): Promise<boolean> {
  if (!canShare()) return false;
  try {
    await navigator.share(data);
    return true;
  } catch {
    return false;
  }
}
