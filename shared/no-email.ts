/**
 * A family the teacher entered with a phone only has no email: its account's address is made of
 * the phone under this reserved domain (RFC 2606: `.invalid` never resolves), so the same phone
 * finds the same family, and no mail is ever queued to it.
 */
export const NO_EMAIL_DOMAIN = "no-email.invalid";
export const hasNoEmail = (address: string) => address.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
