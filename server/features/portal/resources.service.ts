// What the teacher shares with a student (files, notes) and the student's quiz results, read by
// the session's id only; file access is logged for the teacher.

import type { z } from "zod";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { toSharedFileFields } from "../files/shared-file-dto.ts";
import { checkOwnLearner, toLearnerRef } from "./learners.service.ts";
import * as data from "./portal.data.ts";
import type { fileAccessSchema, noteSeenSchema } from "./portal.schemas.ts";

// ---- quizzes, resources, files, notes ----

/**
 * GET /api/student/quiz-results: every stored result, each saying whether the server scored it;
 * with `verifiedOnly` (what progress and achievements count) the self-reported ones are left out.
 */
export async function getQuizResults(
  db: Db,
  studentId: string,
  filter: { verifiedOnly?: boolean; learnerId?: string } = {},
) {
  await checkOwnLearner(db, studentId, filter.learnerId);
  const rows = await data.listQuizResults(db, studentId, filter);
  return {
    results: rows.map((r) => ({
      id: r.id,
      quiz_type: r.quizType,
      quiz_level: r.quizLevel,
      quiz_concept: r.quizConcept,
      score: r.score,
      total_questions: r.totalQuestions,
      accuracy: r.totalQuestions > 0 ? r.score / r.totalQuestions : 0,
      estimated_level: r.estimatedLevel,
      is_verified: r.isVerified,
      created_at: r.createdAt.toISOString(),
      // Issue 31: whose result it is, and where its certificate is found again.
      learner: toLearnerRef(r.learner),
      certificate_code: r.certificateCode,
      // A placement's CEFR level (the result page's heading); estimated_level is its band.
      placement_level: placementLevelOf(r.metadata),
    })),
  };
}

function placementLevelOf(metadata: unknown): string | null {
  if (typeof metadata !== "object" || metadata === null || !("placement" in metadata)) return null;
  const { placement } = metadata;
  if (typeof placement !== "object" || placement === null || !("level" in placement)) return null;
  return typeof placement.level === "string" ? placement.level : null;
}

/** A file is new until the student first opens it (view or download: lastViewedAt). */
export async function listFiles(db: Db, studentId: string, learnerId?: string) {
  await checkOwnLearner(db, studentId, learnerId);
  return (await data.listActiveFiles(db, studentId, learnerId)).map((f) => ({
    ...toSharedFileFields(f),
    is_new: f.lastViewedAt === null,
    learner: toLearnerRef(f.learner),
  }));
}

/** Resources received: the active files shared with the student (the portal uses the count). */
export async function listResources(db: Db, studentId: string) {
  const files = await data.listActiveFiles(db, studentId);
  return {
    resources: files.map((f) => ({
      id: f.id,
      title: f.title,
      type: f.fileType,
      created_at: f.createdAt.toISOString(),
    })),
  };
}

export async function listNotesSharedWithStudent(db: Db, studentId: string, learnerId?: string) {
  await checkOwnLearner(db, studentId, learnerId);
  return (await data.listVisibleNotes(db, studentId, learnerId)).map((n) => ({
    id: n.id,
    teacher_note: n.teacherNote,
    note_date: n.noteDate.toISOString(),
    created_at: n.createdAt.toISOString(),
    tags: n.tags,
    is_new: n.seenAt === null,
    learner: toLearnerRef(n.learner),
  }));
}

export async function markNoteSeen(db: Db, studentId: string, input: z.infer<typeof noteSeenSchema>, now = new Date()) {
  if (!(await data.markNoteSeen(db, studentId, input.noteId, now))) throw new AppError("NOT_FOUND", "Note not found.");
  return { success: true };
}

export async function logFileAccess(
  db: Db,
  studentId: string,
  input: z.infer<typeof fileAccessSchema>,
  now = new Date(),
) {
  const ok = await data.recordFileAccess(db, studentId, input.fileId, input.accessType, now);
  if (!ok) throw new AppError("NOT_FOUND", "File not found.");
  return { success: true };
}
