// Opens the referral challenge for a visitor who arrived with ?ref= (loaded
// only on such visits). The referrer is kept for this visit and pack whatever
// the answer, and sent with the submission.
import type { ModalApi } from "@/components/dialogs/modal-context";

type OpenModal = ModalApi["openModal"];

/** Resolves true when the player chose "Play this pack". */
export async function inviteFromReferrer(input: {
  referrer: string;
  packURL: string;
  packTitle: string;
  viewerHandle: string | undefined;
  openModal: OpenModal;
}): Promise<boolean> {
  if (input.viewerHandle?.toLowerCase() === input.referrer.toLowerCase()) return false;
  try {
    sessionStorage.setItem(`ref:${input.packURL}`, input.referrer);
  } catch {
    // Without storage the referral is simply not credited.
  }
  return (await input.openModal("referralChallenge", { referrer: input.referrer, packTitle: input.packTitle })) === "play";
}
