// A termly report (issue 31, item 5). For a range of days the teacher gets one learner's PDF —
// the lessons taken and missed, the homework set and done, the level chart, the skill tags' latest
// levels and her comment — to preview (`GET /api/admin/students/{id}/report.pdf`) and to email to
// the family with the PDF attached (`POST /api/admin/students/{id}/report`), both in the family's
// language (the account's `locale`).
//
// `{id}` is the family's account, as in every `/api/admin/students/{id}/...` path (credits, weekly
// cap); the learner is `learner_id` (absent: the account holder's own learner or the family's only
// one), and another family's learner is a 404 like an unknown one. The range is calendar days in
// the teacher's zone, both ends included.
//
// Who is emailed: the family's address, once (a learner has no address of their own in this model:
// the account's is the guardian's, or the adult learner's own when the account is theirs), greeting
// the guardian and naming the child, or the learner. A phone-only family (`@no-email.invalid`) is
// refused with a clear message rather than queued nowhere.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { UNKNOWN_STUDENT_MESSAGE } from "../../../shared/constants.ts";
import { isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import { hasNoEmail } from "../../../shared/no-email.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { insertOutboxEmails } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { termlyReportEmail } from "../mail/mail.templates.ts";
import { recordLearnerId } from "../portal/learners.service.ts";
import { learnerLevelPoints } from "../portal/level-progress.service.ts";
import { findFamily, findLastSent, findLearner, listLessonsBetween } from "./termly-report.data.ts";
import { TERMLY_NO_EMAIL_MESSAGE, type TermlyReportQuery, termlyReportQuerySchema } from "./termly-report.schemas.ts";
import { pointsForRange, summariseLessons } from "./termly-report.ts";
import {
  type TermlyPdfOptions,
  type TermlyReport,
  termlyReportFileName,
  termlyReportPdf,
} from "./termly-report-pdf.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query (or body) checked, or a 400 naming what is wrong. */
export function parseTermlyQuery(input: unknown): TermlyReportQuery {
  const parsed = termlyReportQuerySchema.safeParse(input ?? {});
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Bad request");
  return parsed.data;
}

/** The family and its learner, or a 404: an unknown account, or a learner not of this family. */
async function loadWho(db: Db, studentId: string, learnerId: string | undefined) {
  const family = UUID.test(studentId) ? await findFamily(db, studentId) : null;
  if (!family) throw new AppError("NOT_FOUND", UNKNOWN_STUDENT_MESSAGE);
  const id = await recordLearnerId(db, family.id, learnerId);
  const learner = id ? await findLearner(db, id) : null;
  return { family, learner };
}

type Who = Awaited<ReturnType<typeof loadWho>>;

const localeOf = (family: { locale: string }): Locale => (isLocale(family.locale) ? family.locale : "en");
/** A child (or teen) of a guardian's account: the report names the guardian and the mail greets them. */
const isGuardiansChild = (who: Who) => Boolean(who.learner && !who.learner.isSelf && who.learner.ageGroup !== "adult");
/** The outbox key prefix of this learner's (or account's) termly reports: "last sent" finds them by it. */
const keyPrefix = (who: Who) => `termly_report:${who.learner?.id ?? who.family.id}:`;

/** Everything the PDF says, read for one learner and range. */
/** The report's contents; `publicUrl` is only for the mail's links (the PDF has none). */
async function buildReport(db: Db, who: Who, query: TermlyReportQuery, now: Date, publicUrl = "") {
  const [{ zone }, ctx] = await Promise.all([loadSiteRules(db), loadMailContext(db, { PUBLIC_URL: publicUrl })]);
  const start = DateTime.fromISO(query.from, { zone }).startOf("day").toJSDate();
  const end = DateTime.fromISO(query.to, { zone }).plus({ days: 1 }).startOf("day").toJSDate();
  const [lessons, points] = await Promise.all([
    listLessonsBetween(db, { studentId: who.family.id, learnerId: who.learner?.id ?? null }, start, end),
    learnerLevelPoints(db, who.family.id, who.learner?.id ?? null),
  ]);
  const report: TermlyReport = {
    locale: localeOf(who.family),
    zone,
    siteName: ctx.siteName,
    teacherName: ctx.teacherName,
    learnerName: who.learner?.name ?? who.family.name,
    guardianName: isGuardiansChild(who) ? who.family.name : null,
    from: query.from,
    to: query.to,
    start,
    end,
    summary: summariseLessons(lessons, now),
    points: pointsForRange(points, start, end),
    comment: query.comment || null,
  };
  return { report, ctx };
}

/**
 * The report's PDF (the preview, `GET /api/admin/students/{id}/report.pdf?from=&to=`) and its file
 * name. `now` decides which unmarked lessons have been held.
 */
export async function termlyReportFile(
  db: Db,
  studentId: string,
  query: TermlyReportQuery,
  now = new Date(),
  pdfOptions: TermlyPdfOptions = {},
) {
  const who = await loadWho(db, studentId, query.learner_id);
  const { report } = await buildReport(db, who, query, now);
  return {
    pdf: await termlyReportPdf(report, { createdAt: now, ...pdfOptions }),
    fileName: termlyReportFileName(report.learnerName, query.from, query.to),
  };
}

/**
 * Emails the report to the family with the PDF attached, in their language, through the outbox
 * (`POST /api/admin/students/{id}/report`). `requestKey` names the mail's dedupe key, so the same
 * request queued twice is one mail; the route's Idempotency-Key replays a repeated request.
 */
export async function sendTermlyReport(
  db: Db,
  studentId: string,
  query: TermlyReportQuery,
  opts: { publicUrl: string; requestKey?: string | null },
  now = new Date(),
) {
  const who = await loadWho(db, studentId, query.learner_id);
  const address = who.family.email.trim().toLowerCase();
  if (!address || hasNoEmail(address)) throw new AppError("CONFLICT", TERMLY_NO_EMAIL_MESSAGE);
  const { report, ctx } = await buildReport(db, who, query, now, opts.publicUrl);
  const pdf = await termlyReportPdf(report, { createdAt: now });
  const guardian = isGuardiansChild(who);
  const content = termlyReportEmail(guardian ? who.family.name : report.learnerName, query, {
    ...ctx,
    locale: report.locale,
    learnerName: guardian ? report.learnerName : null,
  });
  const dedupeKey = `${keyPrefix(who)}${query.from}:${query.to}:${opts.requestKey ?? randomUUID()}`;
  await insertOutboxEmails(db, [
    {
      kind: "termly_report",
      toAddress: address,
      subject: content.subject,
      textBody: content.text,
      dedupeKey,
      attachments: [
        {
          filename: termlyReportFileName(report.learnerName, query.from, query.to),
          contentType: "application/pdf",
          content: pdf.toString("base64"),
          encoding: "base64",
        },
      ],
    },
  ]);
  return { success: true as const, sent_to: [address], locale: report.locale, sent_at: now.toISOString() };
}

/** When this learner's termly report was last queued, and to whom (the profile's card). */
export async function termlyReportStatus(db: Db, studentId: string, learnerId: string | undefined) {
  const who = await loadWho(db, studentId, learnerId);
  const last = await findLastSent(db, keyPrefix(who));
  const email = who.family.email;
  return {
    last_sent_at: last?.createdAt.toISOString() ?? null,
    last_sent_to: last?.toAddress ?? null,
    family_email: hasNoEmail(email) ? null : email,
    locale: localeOf(who.family),
  };
}
