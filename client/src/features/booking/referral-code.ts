// The referral code of /book?ref=CODE, kept in session storage until a booking uses it. Its own
// tiny module so the /book intro does not load the parsing code of the rest of the flow.

const KEY = "referralCode";
const VALID = /^[A-Za-z0-9_-]{1,64}$/;

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
