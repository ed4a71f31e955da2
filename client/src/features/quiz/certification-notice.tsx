import { formatDateTime, formatPercent } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { PLACEMENT_CERTIFICATE_CONFIDENCE } from "../../../../shared/quiz-catalog.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { StartedQuiz } from "./quiz-types.ts";

type Certification = NonNullable<StartedQuiz["certification"]>;

const REASONS: Record<Certification["reasons"][number], MessageKey> = {
  cooldown: "quiz.certification.cooldown",
  seen: "quiz.certification.seen",
  revealed: "quiz.certification.revealed",
};

/**
 * Whether this attempt can earn a certificate, and if not why: a level test's (pass to earn one) or
 * the adaptive In-Depth Assessment's (the level measured precisely enough goes on one).
 */
export function CertificationNotice({
  certification,
  adaptive = false,
}: {
  certification: Certification;
  adaptive?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  if (certification.certified)
    return (
      <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 ring-1 ring-inset ring-emerald-200">
        {adaptive
          ? t("quiz.certification.certifiedAdaptive", {
              percent: formatPercent(locale, PLACEMENT_CERTIFICATE_CONFIDENCE * 100),
            })
          : t("quiz.certification.certified")}
      </p>
    );
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-amber-200">
      <p className="font-semibold text-amber-900">
        {certification.availableAt
          ? t("quiz.certification.practiceUntil", { date: formatDateTime(locale, certification.availableAt) })
          : t("quiz.certification.practice")}
      </p>
      <p className="mt-0.5">
        {[...certification.reasons.map((r) => t(REASONS[r])), t("quiz.certification.practiceFreely")].join(" ")}
      </p>
    </div>
  );
}
