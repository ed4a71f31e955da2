// Online calibration: an item's difficulty and discrimination estimated from the answers real
// learners gave it, each answer paired with that learner's ability estimate from the same test.
// A maximum a posteriori fit whose prior is the item's level label, then shrunk toward the label
// in proportion to the answers it rests on (issue 34, item 7): an item's own answers count as much
// as its label once it has CALIBRATION_PRIOR_ANSWERS of them, so a few dozen answers, however they
// fall, move an item only a little. Guessing stays at 0.25.
import { GUESSING } from "./irt.ts";

export type ObservedAnswer = { theta: number; correct: boolean };

export type Calibration = { difficulty: number; discrimination: number; answers: number };

/** The answers at which an item's own estimate and its label weigh the same. */
export const CALIBRATION_PRIOR_ANSWERS = 15;

/** The weight of an item's own estimate against its label's: 0 with no answers, ½ at 15, ⅔ at 30, 20⁄21 at 300. */
export const calibrationWeight = (answers: number) => answers / (answers + CALIBRATION_PRIOR_ANSWERS);

/** How far from its label an item is expected to be (logits), and how uneven discrimination is. */
const DIFFICULTY_PRIOR_SD = 1;
const LOG_DISCRIMINATION_PRIOR_SD = 0.3;
const ITERATIONS = 25;

/** The item's parameters as used: its fit shrunk toward the label (discrimination on the log scale). */
export function calibrateItem(labelDifficulty: number, answers: readonly ObservedAnswer[]): Calibration {
  const weight = calibrationWeight(answers.length);
  if (weight === 0) return { difficulty: labelDifficulty, discrimination: 1, answers: 0 };
  const fit = fitItem(labelDifficulty, answers);
  return {
    difficulty: labelDifficulty + weight * (fit.difficulty - labelDifficulty),
    discrimination: fit.discrimination ** weight,
    answers: answers.length,
  };
}

/** The maximum a posteriori fit alone (Fisher scoring in b and log a). */
export function fitItem(labelDifficulty: number, answers: readonly ObservedAnswer[]): Calibration {
  let difficulty = labelDifficulty;
  let logA = 0;
  for (let step = 0; step < ITERATIONS; step++) {
    const a = Math.exp(logA);
    // Gradient and expected information (Fisher scoring) of the log posterior in (b, log a).
    let gradB = -(difficulty - labelDifficulty) / DIFFICULTY_PRIOR_SD ** 2;
    let gradLogA = -logA / LOG_DISCRIMINATION_PRIOR_SD ** 2;
    let infoBB = 1 / DIFFICULTY_PRIOR_SD ** 2;
    let infoAA = 1 / LOG_DISCRIMINATION_PRIOR_SD ** 2;
    let infoBA = 0;
    for (const { theta, correct } of answers) {
      const z = a * (theta - difficulty);
      const s = 1 / (1 + Math.exp(-z));
      const p = GUESSING + (1 - GUESSING) * s;
      const slope = (1 - GUESSING) * s * (1 - s);
      const residual = ((correct ? 1 : 0) - p) / (p * (1 - p));
      const weight = (slope * slope) / (p * (1 - p));
      gradB += residual * slope * -a;
      gradLogA += residual * slope * z;
      infoBB += weight * a * a;
      infoAA += weight * z * z;
      infoBA += weight * -a * z;
    }
    const determinant = infoBB * infoAA - infoBA * infoBA;
    const deltaB = (infoAA * gradB - infoBA * gradLogA) / determinant;
    const deltaLogA = (infoBB * gradLogA - infoBA * gradB) / determinant;
    difficulty += Math.max(-1, Math.min(1, deltaB));
    logA += Math.max(-0.5, Math.min(0.5, deltaLogA));
    if (Math.abs(deltaB) < 1e-4 && Math.abs(deltaLogA) < 1e-4) break;
  }
  return { difficulty, discrimination: Math.exp(logA), answers: answers.length };
}
