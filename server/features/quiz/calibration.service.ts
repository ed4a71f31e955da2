// The calibration job: each item answered in placement attempts gets its difficulty and
// discrimination re-estimated from those answers (calibrateItem, shrunk toward its label in
// proportion to how many there are), each answer paired with the
// ability of the attempt it was given in: the estimate the adaptive placement stored with its
// result, or, for attempts without one, the estimate from the attempt's own responses.
import type { Db } from "../../db.ts";
import {
  listBankItemRows,
  listResponseRows,
  listStoredAbilities,
  PLACEMENT_QUIZ_TYPES,
  saveCalibration,
} from "./item-bank.data.ts";
import { abilitiesFromRows, labelDifficulty } from "./item-statistics.ts";
import { calibrateItem, type ObservedAnswer } from "./placement/calibrate.ts";

export const CALIBRATION_INTERVAL_MS = 6 * 3_600_000;

export async function runCalibration(db: Db, now: Date): Promise<{ calibrated: number }> {
  const [rows, responses, stored] = await Promise.all([
    listBankItemRows(db),
    listResponseRows(db, [...PLACEMENT_QUIZ_TYPES]),
    listStoredAbilities(db),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const thetas = abilitiesFromRows(responses, byId, stored);
  const answers = new Map<string, ObservedAnswer[]>();
  for (const r of responses) {
    const theta = thetas.get(r.attemptId);
    if (theta === undefined) continue;
    const list = answers.get(r.questionId) ?? [];
    list.push({ theta, correct: r.correct });
    answers.set(r.questionId, list);
  }
  let calibrated = 0;
  for (const [id, observed] of answers) {
    const row = byId.get(id);
    if (!row) continue;
    const estimate = calibrateItem(labelDifficulty(row.level), observed);
    await saveCalibration(db, id, estimate, now);
    calibrated++;
  }
  return { calibrated };
}
