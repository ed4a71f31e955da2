// What a friend answered on /ref (phone, level, goals), kept in session storage for the booking's
// details step, which would otherwise ask again (issue 33, item 7). A visitor's answers can reach
// no profile (an address typed on a public page proves nothing): this is how they are carried.

import { ENGLISH_LEVELS } from "../../../../shared/constants.ts";
import { isString, nullable, objectOf, oneOf, type Shape } from "../../lib/shape.ts";

const KEY = "referralAnswers";

const isAnswers = objectOf({
  phone: nullable(isString()),
  englishLevel: nullable(oneOf([...ENGLISH_LEVELS, ""])),
  lessonFocus: nullable(isString()),
});
export type ProfileAnswers = Shape<typeof isAnswers>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const referralAnswers = {
  get(): ProfileAnswers | null {
    try {
      const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? "null");
      return isAnswers(value) ? value : null;
    } catch {
      return null;
    }
  },
  set(answers: ProfileAnswers) {
    storage()?.setItem(KEY, JSON.stringify(answers));
  },
  clear() {
    storage()?.removeItem(KEY);
  },
};
