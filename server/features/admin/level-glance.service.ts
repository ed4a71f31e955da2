// Issue 31, item 4: the teacher's side of progress on one CEFR scale: her students' movement at a
// glance (who moved up a level this term, who has not been measured for three months), and one
// learner's points for the learner profile.
import { DateTime } from "luxon";
import { UNKNOWN_STUDENT_MESSAGE } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { recordLearnerId } from "../portal/learners.service.ts";
import { listLearnersWithFamilies } from "../portal/level-progress.data.ts";
import { learnerLevelPoints, levelPointsOf } from "../portal/level-progress.service.ts";
import { glanceAt, termStart } from "../portal/level-progress.ts";
import { findStudent } from "./admin.data.ts";

/** `GET /api/admin/progress`: every family learner's glance, the term and three months counted in her zone. */
export async function getProgressGlance(db: Db, now = new Date()) {
  const { zone } = await loadSiteRules(db);
  const today = DateTime.fromJSDate(now, { zone });
  const termBegins = DateTime.fromISO(termStart(today.toISODate() ?? ""), { zone }).toJSDate();
  const threeMonthsAgo = today.minus({ months: 3 }).toJSDate();
  const learners = await listLearnersWithFamilies(db);
  const points = await levelPointsOf(
    db,
    learners.map((l) => l.id),
  );
  return {
    term_start: termBegins.toISOString(),
    learners: learners.map((l) => {
      const glance = glanceAt(points.get(l.id) ?? [], termBegins, threeMonthsAgo);
      return {
        learner_id: l.id,
        student_id: l.accountId,
        name: l.name,
        guardian: l.isSelf ? null : { name: l.account.name, email: l.account.email },
        latest: glance.latest,
        moved_up: glance.movedUp,
        stale: glance.stale,
      };
    }),
  };
}

/** One learner's points for the profile (absent: the family's default learner); another family's is a 404. */
export async function getLearnerLevels(db: Db, input: { student_id: string; learner_id?: string }) {
  if (!(await findStudent(db, input.student_id))) throw new AppError("NOT_FOUND", UNKNOWN_STUDENT_MESSAGE);
  const learner = await recordLearnerId(db, input.student_id, input.learner_id);
  return { learner_id: learner, points: await learnerLevelPoints(db, input.student_id, learner) };
}
