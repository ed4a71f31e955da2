// Issue 31: a learner's placement results and certificates in their profile, for the teacher.

import { UNKNOWN_STUDENT_MESSAGE } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { getQuizResults } from "../portal/resources.service.ts";
import { findStudent } from "./admin.data.ts";

/** One learner's results (absent: the whole family account's), newest first; another family's learner is a 404. */
export async function listLearnerResults(db: Db, input: { student_id: string; learner_id?: string }) {
  if (!(await findStudent(db, input.student_id))) throw new AppError("NOT_FOUND", UNKNOWN_STUDENT_MESSAGE);
  const { results } = await getQuizResults(db, input.student_id, { learnerId: input.learner_id });
  return { results: results.reverse() };
}
