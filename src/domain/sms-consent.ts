// SMS consent is given, never assumed (issue 39): every consent box starts unticked, and a button
// whose point is texts (follow for pack alerts, subscribe) asks for the box first.

/** Said beside the button when the player asks for texts without ticking the consent box. */
export const SMS_CONSENT_FIRST = "Tick the box to agree to the texts first.";
