// Certificates: the holder's own, and the public verification of a code.

import { INVALID_CERTIFICATE_MESSAGE } from "../../../shared/constants.ts";
import { ASSESSMENT_SCALE, isQuizLevel, LEVEL_CATALOG, QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";
import { certificateCodeSchema } from "../../../shared/quiz-schemas.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import type { Services } from "./question-plans.service.ts";
import { findCertificate, findOwnResult, findUserName, type ResultRow } from "./quiz.data.ts";
import { toResultDto } from "./result-dto.ts";

// ---------------------------------------------------------------------------------------------
// Certificates

function levelReached(r: ResultRow) {
  if (r.quizType === "level" && r.quizLevel && isQuizLevel(r.quizLevel)) {
    const name = LEVEL_CATALOG[r.quizLevel].name;
    const passed = r.score * 100 >= 60 * r.totalQuestions;
    return passed ? `${r.quizLevel} ${name}` : `${r.quizLevel} ${name} (not yet reached)`;
  }
  const i = ASSESSMENT_SCALE.indexOf((r.estimatedLevel ?? "Foundation") as (typeof ASSESSMENT_SCALE)[number]);
  return `${ASSESSMENT_SCALE[Math.max(0, i)]} (${QUIZ_LEVELS[Math.max(0, i)]})`;
}

/** The student's own printable certificate: full name, test, level, score, date, code. */
export async function getOwnCertificate(services: Services, student: SessionUser, resultId: string) {
  const r = await findOwnResult(services.db, resultId, student.id);
  if (!r?.isVerified || !r.certificateCode) throw new AppError("NOT_FOUND", "No certificate for this result.");
  const user = await findUserName(services.db, student.id);
  const dto = toResultDto(r);
  return {
    name: user?.name ?? student.name,
    test: dto.title,
    level: levelReached(r),
    score: dto.score,
    totalQuestions: dto.totalQuestions,
    percent: dto.percent,
    issuedAt: dto.createdAt,
    code: r.certificateCode,
    verifyUrl: `${services.env.PUBLIC_URL}/certificates/${r.certificateCode}`,
  };
}

/** Public verification: only the first name and the last name's initial (students may be minors). */
export async function verifyCertificate(db: Db, rawCode: string) {
  const code = certificateCodeSchema.safeParse(rawCode.toUpperCase());
  const r = code.success ? await findCertificate(db, code.data) : null;
  if (!r?.isVerified) throw new AppError("NOT_FOUND", INVALID_CERTIFICATE_MESSAGE);
  const parts = r.user.name.trim().split(/\s+/);
  const first = parts[0] ?? "";
  const lastInitial = parts.length > 1 ? `${parts[parts.length - 1][0].toUpperCase()}.` : "";
  return {
    certificate: {
      code: r.certificateCode,
      holder: [first, lastInitial].filter(Boolean).join(" "),
      test: toResultDto(r).title,
      level: levelReached(r),
      issuedAt: r.createdAt.toISOString(),
    },
  };
}
