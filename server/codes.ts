// Codes people read aloud and type back (referral codes, certificate numbers): the alphabet leaves
// out 0/O and 1/I, which are easy to mistake for each other.
import { randomInt } from "node:crypto";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const newReferralCode = () => randomCode(8);

export const newCertificateCode = () => `EWG-${randomCode(4)}-${randomCode(4)}-${randomCode(4)}`;
