// The cancellation policy of §9: a single lesson cannot be cancelled or moved; a package gets one
// free cancellation per 6 lessons bought (rounded down), each with the notice the teacher's
// cancellationPolicy setting asks for. A move spends the same allowance ("after that no
// cancellations or moves"). The booking page states the allowance, the portal enforces it.

import { CANCELLATION_POLICY_HOURS } from "./constants.ts";
import type { MessageKey } from "./i18n/messages.ts";

export const LESSONS_PER_FREE_CANCELLATION = 6;
export const DEFAULT_CANCELLATION_NOTICE = "24 hours";
export const SINGLE_LESSON_CANCEL_MESSAGE = "Single lessons cannot be cancelled, refunded or moved.";

const NOTICE_HOURS: Record<string, number> = CANCELLATION_POLICY_HOURS;

/** Free cancellations a purchase of `lessons` lessons carries. */
export function cancellationAllowance(lessons: number): number {
  if (lessons <= 1) return 0;
  return Math.floor(lessons / LESSONS_PER_FREE_CANCELLATION);
}

/** Hours of notice for the admin's setting; an unknown value falls back to the 24-hour default. */
export function noticeHoursFor(policy: string | null | undefined): number {
  return NOTICE_HOURS[policy ?? ""] ?? NOTICE_HOURS[DEFAULT_CANCELLATION_NOTICE];
}

export function noticeLabelFor(policy: string | null | undefined): string {
  return policy && policy in NOTICE_HOURS ? policy : DEFAULT_CANCELLATION_NOTICE;
}

export type CancellationCheck = {
  lessonStatus: string;
  startsAt: Date;
  packageLessons: number;
  usedCancellations: number;
  policy: string | null | undefined;
  now: Date;
  /** What the student asks for: the refusals name it. A cancellation unless said otherwise. */
  action?: "cancel" | "move";
};

/**
 * Why the policy refuses, as the server's refusals are written (server/errors.ts, ErrorText): a
 * fixed English sentence of the errors catalogue, or an errors message with its values. The
 * reader's language picks the words: the student's page, the teacher's notices.
 */
export type CancellationRefusal =
  | string
  | { key: Extract<MessageKey, `errors.cancel.${string}`>; values: Record<string, string | number> };

export type CancellationDecision = {
  canCancel: boolean;
  refusal: CancellationRefusal | null;
  allowance: number;
  used: number;
  remaining: number;
  notice: string;
  noticeHours: number;
  /** The last moment a cancellation is accepted. */
  deadline: Date;
};

export function decideCancellation(check: CancellationCheck): CancellationDecision {
  const allowance = cancellationAllowance(check.packageLessons);
  const used = Math.min(check.usedCancellations, allowance);
  const remaining = Math.max(0, allowance - check.usedCancellations);
  const noticeHours = noticeHoursFor(check.policy);
  const notice = noticeLabelFor(check.policy);
  const deadline = new Date(check.startsAt.getTime() - noticeHours * 3_600_000);
  const base = { allowance, used, remaining, notice, noticeHours, deadline };
  const refuse = (refusal: CancellationRefusal): CancellationDecision => ({ ...base, canCancel: false, refusal });
  const action = check.action ?? "cancel";

  if (check.lessonStatus !== "pending" && check.lessonStatus !== "confirmed") {
    return refuse(
      action === "move" ? "Only upcoming lessons can be moved." : "Only upcoming lessons can be cancelled.",
    );
  }
  if (check.startsAt.getTime() <= check.now.getTime()) return refuse("This lesson has already started.");
  if (check.packageLessons <= 1) return refuse(SINGLE_LESSON_CANCEL_MESSAGE);
  if (allowance === 0) {
    return refuse({ key: "errors.cancel.noAllowance", values: { action, lessons: LESSONS_PER_FREE_CANCELLATION } });
  }
  if (remaining === 0) return refuse({ key: "errors.cancel.allowanceUsed", values: { action, allowance } });
  if (check.now.getTime() > deadline.getTime()) {
    const weeks = noticeHours % 168 === 0;
    return refuse({
      key: "errors.cancel.notice",
      values: { action, unit: weeks ? "week" : "hour", count: weeks ? noticeHours / 168 : noticeHours },
    });
  }
  return { ...base, canCancel: true, refusal: null };
}
