// Certificates: the holder's own, and the public verification of a code.

import { INVALID_CERTIFICATE_MESSAGE } from "../../../shared/constants.ts";
import { ASSESSMENT_SCALE, isQuizLevel, LEVEL_CATALOG, QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import { passesLevelTest } from "./certification.ts";
import type { Services } from "./question-plans.service.ts";
import { findCertificate, findOwnResult, findUserName, type ResultRow } from "./quiz.data.ts";
import { certificateCodeSchema } from "./quiz.schemas.ts";
import { toResultDto } from "./result-dto.ts";

// ---------------------------------------------------------------------------------------------
// Certificates

/**
 * A certificate stands for a level reached: a level test below its pass mark never has one
 * (codes issued for such scores before this rule are revoked by migration 20261125102208_certificate_names and
 * refused here too).
 */
const isValidCertificate = <R extends ResultRow>(r: R): r is R & { certificateCode: string } =>
  r.isVerified && r.certificateCode !== null && (r.quizType !== "level" || passesLevelTest(r.score, r.totalQuestions));

function levelReached(r: ResultRow) {
  if (r.quizType === "level" && r.quizLevel && isQuizLevel(r.quizLevel))
    return `${r.quizLevel} ${LEVEL_CATALOG[r.quizLevel].name}`;
  const i = ASSESSMENT_SCALE.indexOf((r.estimatedLevel ?? "Foundation") as (typeof ASSESSMENT_SCALE)[number]);
  return `${ASSESSMENT_SCALE[Math.max(0, i)]} (${QUIZ_LEVELS[Math.max(0, i)]})`;
}

/** The student's own printable certificate: full name, test, level, score, date, code. */
export async function getOwnCertificate(services: Services, student: SessionUser, resultId: string) {
  const r = await findOwnResult(services.db, resultId, student.id);
  if (!r || !isValidCertificate(r)) throw new AppError("NOT_FOUND", "No certificate for this result.");
  // The name as it was at issue; certificates from before names were stored read the profile.
  const name = r.certificateName ?? (await findUserName(services.db, student.id))?.name ?? student.name;
  const dto = toResultDto(r);
  return {
    name,
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
  if (!r || !isValidCertificate(r)) throw new AppError("NOT_FOUND", INVALID_CERTIFICATE_MESSAGE);
  const parts = (r.certificateName ?? r.user.name).trim().split(/\s+/);
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
