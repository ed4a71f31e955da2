// Certificates: the holder's own, and the public verification of a code.

import { INVALID_CERTIFICATE_MESSAGE } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localePath } from "../../../shared/i18n/locales.ts";
import { ASSESSMENT_SCALE, isQuizLevel, QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";
import { levelLabel, quizTitle, scaleName } from "../../../shared/quiz-texts.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { translator } from "../../i18n.ts";
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

/**
 * The test and the level a certificate names, in `locale` ("B1 Intermediate Test", "B1
 * Intermediate"; "Test B1 Intermedio", "B1 Intermedio"). English keeps the title stored at issue;
 * another language names the test from what it is, or keeps that title when it cannot.
 */
function certificateTexts(r: ResultRow, locale: Locale) {
  const t = translator(locale);
  const dto = toResultDto(r);
  const identity = {
    quizType: r.quizType,
    quizLevel: r.quizLevel,
    quizConcept: r.quizConcept,
    variant: dto.metadata.assessmentType,
  };
  const test = (locale !== DEFAULT_LOCALE && quizTitle(t, identity)) || dto.title;
  if (r.quizType === "level" && r.quizLevel && isQuizLevel(r.quizLevel))
    return { test, level: levelLabel(t, r.quizLevel) };
  const i = Math.max(
    0,
    ASSESSMENT_SCALE.indexOf((r.estimatedLevel ?? "Foundation") as (typeof ASSESSMENT_SCALE)[number]),
  );
  const level = t("quiz.results.scaleWithLevel", {
    name: scaleName(t, ASSESSMENT_SCALE[i]) ?? "",
    level: QUIZ_LEVELS[i],
  });
  return { test, level };
}

/**
 * The student's own printable certificate: full name, test, level, score, date, code, in the
 * holder's language (their account's; English when it names none of the site's).
 */
export async function getOwnCertificate(services: Services, student: SessionUser, resultId: string) {
  const r = await findOwnResult(services.db, resultId, student.id);
  if (!r || !isValidCertificate(r)) throw new AppError("NOT_FOUND", "No certificate for this result.");
  const holder = await findUserName(services.db, student.id);
  // The name as it was at issue; certificates from before names were stored read the profile.
  const name = r.certificateName ?? holder?.name ?? student.name;
  const locale = isLocale(holder?.locale) ? holder.locale : DEFAULT_LOCALE;
  const dto = toResultDto(r);
  return {
    name,
    locale,
    ...certificateTexts(r, locale),
    score: dto.score,
    totalQuestions: dto.totalQuestions,
    percent: dto.percent,
    issuedAt: dto.createdAt,
    code: r.certificateCode,
    // The verification page in the certificate's language: /it/certificates/... on an Italian one.
    verifyUrl: `${services.env.PUBLIC_URL}${localePath(locale, `/certificates/${r.certificateCode}`)}`,
  };
}

/**
 * Public verification: only the first name and the last name's initial (students may be minors);
 * the test and level in the reader's language (the page's; the REST API's is English).
 */
export async function verifyCertificate(db: Db, rawCode: string, locale: Locale = DEFAULT_LOCALE) {
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
      ...certificateTexts(r, locale),
      issuedAt: r.createdAt.toISOString(),
    },
  };
}
