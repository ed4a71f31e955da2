import {
  cancellationAllowance,
  DEFAULT_CANCELLATION_NOTICE,
  LESSONS_PER_FREE_CANCELLATION,
  SINGLE_LESSON_CANCEL_MESSAGE,
} from "../../../../shared/cancellation-policy.ts";

/**
 * The spec's cancellation and refund policy, for the package the visitor has selected, with how
 * many moves or cancellations it allows and the notice each needs (the teacher's setting).
 */
export function policyLines(pkg: { lessons: number } | null, notice = DEFAULT_CANCELLATION_NOTICE): string[] {
  if (!pkg) return ["Select a package to see its cancellation and refund policy."];
  if (pkg.lessons <= 1) {
    return [SINGLE_LESSON_CANCEL_MESSAGE, "Choose a package if you would like the flexibility of free cancellations."];
  }
  const free = cancellationAllowance(pkg.lessons);
  return [
    free === 0
      ? `This ${pkg.lessons}-lesson package has no free cancellations: packages get 1 free cancellation per ${LESSONS_PER_FREE_CANCELLATION} lessons purchased.`
      : `This ${pkg.lessons}-lesson package includes ${free} free ${free === 1 ? "cancellation" : "cancellations"} (1 per ${LESSONS_PER_FREE_CANCELLATION} lessons purchased).`,
    ...(free > 0
      ? [
          `Moves or cancellations allowed: ${free} in all, each at least ${notice} before the lesson starts. Moving a lesson to another free time uses one, as a cancellation does.`,
        ]
      : []),
    "After that, lessons cannot be cancelled or moved.",
    "A cancelled lesson can be rebooked in a new open slot at no extra charge.",
  ];
}
