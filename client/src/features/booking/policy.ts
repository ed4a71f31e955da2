import {
  cancellationAllowance,
  DEFAULT_CANCELLATION_NOTICE,
  LESSONS_PER_FREE_CANCELLATION,
  noticeHoursFor,
} from "../../../../shared/cancellation-policy.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";

/**
 * The spec's cancellation and refund policy, for the package the visitor has selected, with how
 * many moves or cancellations it allows and the notice each needs (the teacher's setting, one of
 * the spec's labels: "24 hours" ... "1 week", said in the page's language).
 */
export function policyLines(
  t: Translate,
  pkg: { lessons: number } | null,
  notice = DEFAULT_CANCELLATION_NOTICE,
  /** How long the package's lessons stay usable (the teacher's setting, issue 30); unknown: unsaid. */
  validityMonths?: number,
): string[] {
  if (!pkg) return [t("booking-packages.policy.selectPackage")];
  if (pkg.lessons <= 1) return [t("booking-packages.policy.single"), t("booking-packages.policy.singleChoosePackage")];
  const free = cancellationAllowance(pkg.lessons);
  const counts = { lessons: pkg.lessons, free, per: LESSONS_PER_FREE_CANCELLATION };
  return [
    // What the family buys first: how long its lessons stay usable (issue 30).
    ...(validityMonths ? [t("booking-packages.policy.validity", { months: validityMonths })] : []),
    t(free === 0 ? "booking-packages.policy.none" : "booking-packages.policy.includes", counts),
    ...(free > 0
      ? [
          t("booking-packages.policy.allowed", {
            free,
            notice: t("booking-packages.policy.notice", { hours: noticeHoursFor(notice) }),
          }),
        ]
      : []),
    t("booking-packages.policy.after"),
    t("booking-packages.policy.rebook"),
  ];
}
