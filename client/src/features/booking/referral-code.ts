// The referral code of /book?ref=CODE, kept in session storage until a booking uses it. Its own
// tiny module so the /book intro does not load the parsing code of the rest of the flow. A page the
// server rendered keeps the code at once, before this module has loaded (shared/early-clicks.ts).

import { REFERRAL_CODE_STORAGE_KEY as KEY, REFERRAL_CODE_PATTERN as VALID } from "../../../../shared/constants.ts";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const referralCode = {
  get(): string | null {
    const code = storage()?.getItem(KEY)?.trim();
    return code && VALID.test(code) ? code : null;
  },
  set(code: string) {
    const trimmed = code.trim();
    if (VALID.test(trimmed)) storage()?.setItem(KEY, trimmed);
  },
  clear() {
    storage()?.removeItem(KEY);
  },
};
