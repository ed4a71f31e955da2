// Private, revocable calendar subscription links. The random token in the URL is the credential
// (calendar apps send no cookies); only its SHA-256 is stored, so the link is shown when it is
// made and a database leak reveals none. "Reset link" revokes the old token.
import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { lessonLocale } from "../mail/mail.data.ts";
import {
  type FeedKind,
  findActiveFeed,
  findFeedByTokenHash,
  listFeedLessons,
  replaceFeed,
} from "./calendar-feed.data.ts";
import { buildCalendarFeed } from "./calendar-feed.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HISTORY_DAYS = 365;
export const FEED_NOT_FOUND = "Calendar feed not found.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function feedUrls(publicUrl: string, token: string) {
  const https = new URL(`/api/calendar/feed/${token}.ics`, publicUrl).toString();
  return { webcal_url: https.replace(/^https?:/, "webcal:"), https_url: https };
}

export async function getFeedStatus(db: Db, userId: string, kind: FeedKind) {
  const feed = await findActiveFeed(db, userId, kind);
  return { active: Boolean(feed), created_at: feed?.createdAt.toISOString() ?? null };
}

/** Makes a new link (revoking any old one) and returns it: the only time the token is shown. */
export async function resetFeed(db: Db, userId: string, kind: FeedKind, publicUrl: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const feed = await replaceFeed(db, userId, kind, hashToken(token), now);
  return { active: true, created_at: feed.createdAt.toISOString(), ...feedUrls(publicUrl, token) };
}

/**
 * The feed of a token: a student's own lessons; a teacher's (who must still be an admin) assigned
 * lessons plus the unassigned ones. Unknown, malformed and revoked tokens are all the same 404.
 */
export async function renderFeed(db: Db, token: string, publicUrl: string, now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("NOT_FOUND", FEED_NOT_FOUND);
  const feed = await findFeedByTokenHash(db, hashToken(token));
  if (!feed || feed.revokedAt) throw new AppError("NOT_FOUND", FEED_NOT_FOUND);
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const host = new URL(publicUrl).hostname;
  const { user } = feed;
  if (feed.kind === "teacher") {
    if (!user.isAdmin || !user.teacher) throw new AppError("NOT_FOUND", FEED_NOT_FOUND);
    // The teacher's calendar speaks her language (the setting of her emails).
    const [lessons, { teacherLocale }] = await Promise.all([
      listFeedLessons(db, { OR: [{ teacherId: user.teacher.id }, { teacherId: null }] }, since),
      loadSiteRules(db),
    ]);
    return buildCalendarFeed({
      lessons: lessons.map(toFeedLesson),
      host,
      calendarName: translator(teacherLocale)("email.ics.teacherFeedName"),
      audience: "teacher",
      locale: teacherLocale,
    });
  }
  // The student's: each lesson as its own calendar file says it (its order's language), the
  // calendar's name in the account's.
  const lessons = await listFeedLessons(db, { studentId: user.id }, since);
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  return buildCalendarFeed({
    lessons: lessons.map(toFeedLesson),
    host,
    calendarName: translator(locale)("email.ics.studentFeedName"),
    audience: "student",
    locale,
  });
}

const toFeedLesson = (l: Awaited<ReturnType<typeof listFeedLessons>>[number]) => ({
  ...l,
  teacherName: l.teacher?.name ?? null,
  locale: lessonLocale(l),
});
