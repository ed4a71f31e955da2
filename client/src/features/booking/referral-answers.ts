// What a friend answered on /ref (phone, level, goals), kept in session storage for the booking's
// details step, which would otherwise ask again (issue 33, item 7). A visitor's answers can reach
// no profile (an address typed on a public page proves nothing): this is how they are carried.
// Read back as plain strings or nothing; prefillDetails takes only a level the form offers.

const KEY = "referralAnswers";

export type ProfileAnswers = { phone: string | null; englishLevel: string | null; lessonFocus: string | null };

const text = (value: unknown) => (typeof value === "string" ? value : null);

export const referralAnswers = {
  get(): ProfileAnswers | null {
    try {
      const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null");
      if (!value || typeof value !== "object") return null;
      return { phone: text(value.phone), englishLevel: text(value.englishLevel), lessonFocus: text(value.lessonFocus) };
    } catch {
      return null;
    }
  },
  set(answers: ProfileAnswers) {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(answers));
    } catch {
      // Storage refused (private mode, quota): the details step asks as before.
    }
  },
  clear() {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
