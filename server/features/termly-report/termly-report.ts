// A termly report's pure parts (issue 31, item 5): what the lessons of a range add up to, the
// skill tags' latest levels and the level points the chart draws. No database, no clock: `now`
// comes in.
import { DateTime } from "luxon";
import type { LevelPoint } from "../portal/level-progress.ts";
import { levelAt } from "../quiz/placement/irt.ts";

export type TermlyLesson = {
  startsAt: Date;
  /** attended | no_show | late_cancellation, or null while nobody marked it. */
  attendance: string | null;
  report: {
    homework: string | null;
    homeworkLink: string | null;
    homeworkDoneAt: Date | null;
    homeworkFile: { title: string } | null;
    skills: { skill: string; level: string }[];
  } | null;
};

export type MissedReason = "no_show" | "late_cancellation";

export type TermlySummary = {
  /** Lessons held: marked attended, or started and not marked (the lesson job marks those attended). */
  taken: Date[];
  missed: { at: Date; reason: MissedReason }[];
  /** Each report's homework in lesson order: what was set and whether the family ticked it done. */
  homework: { at: Date; text: string; done: boolean }[];
  /** Each skill's latest level in the range, by skill name. */
  skills: { skill: string; level: string }[];
};

/** Sums up a learner's held lessons of the range (oldest first). Lessons not yet started count as neither. */
export function summariseLessons(lessons: readonly TermlyLesson[], now: Date): TermlySummary {
  const sorted = [...lessons].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const taken: Date[] = [];
  const missed: TermlySummary["missed"] = [];
  const homework: TermlySummary["homework"] = [];
  const skills = new Map<string, { skill: string; level: string }>();
  for (const lesson of sorted) {
    if (lesson.attendance === "no_show" || lesson.attendance === "late_cancellation") {
      missed.push({ at: lesson.startsAt, reason: lesson.attendance });
    } else if (lesson.attendance === "attended" || lesson.startsAt.getTime() <= now.getTime()) {
      taken.push(lesson.startsAt);
    }
    const report = lesson.report;
    if (!report) continue;
    const text = [report.homework, report.homeworkFile?.title, report.homework ? null : report.homeworkLink]
      .filter((part): part is string => Boolean(part?.trim()))
      .join(" · ");
    if (text) homework.push({ at: lesson.startsAt, text, done: report.homeworkDoneAt !== null });
    for (const tag of report.skills) skills.set(tag.skill.trim().toLowerCase(), tag);
  }
  return {
    taken,
    missed,
    homework,
    skills: [...skills.values()].sort((a, b) => a.skill.localeCompare(b.skill)),
  };
}

/**
 * The points a chart of [start, end) draws: those in the range, and the last one before it (where
 * the learner stood when the range began). Oldest first.
 */
export function pointsForRange(points: readonly LevelPoint[], start: Date, end: Date): LevelPoint[] {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const before = sorted.filter((p) => new Date(p.date) < start).at(-1);
  const during = sorted.filter((p) => new Date(p.date) >= start && new Date(p.date) < end);
  return before ? [before, ...during] : during;
}

/**
 * The level the latest day's measurements read together (their mean ability): a lesson tagged
 * "speaking B2" and "grammar A2" reads B1 overall. The day is the teacher's, in `zone`.
 */
export function latestLevel(
  points: readonly LevelPoint[],
  zone: string,
): { level: LevelPoint["level"]; date: string } | null {
  const last = points.at(-1);
  if (!last) return null;
  const dayOf = (p: LevelPoint) => DateTime.fromISO(p.date, { zone }).toISODate();
  const sameDay = points.filter((p) => dayOf(p) === dayOf(last));
  const mean = sameDay.reduce((sum, p) => sum + p.ability, 0) / sameDay.length;
  return { level: levelAt(mean), date: last.date };
}
