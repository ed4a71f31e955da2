import { PLACEMENT_CERTIFICATE_CONFIDENCE } from "../../../../shared/quiz-catalog.ts";
import { formatDateTime } from "../../lib/format.ts";
import type { StartedQuiz } from "./quiz-types.ts";

type Certification = NonNullable<StartedQuiz["certification"]>;

const REASONS: Record<Certification["reasons"][number], string> = {
  cooldown: "You can take one certified attempt of this test every 24 hours.",
  seen: "A certified attempt needs 45 questions you have not seen in the last 30 days, and you have seen most of this level's questions recently.",
  revealed:
    "Certified attempts of this test are paused: a certificate must rest on questions whose answers no review has shown, and too few of them are left.",
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
  if (certification.certified)
    return (
      <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 ring-1 ring-inset ring-emerald-200">
        {adaptive
          ? `Certified attempt: your level goes on a certificate when it is measured with at least ${Math.round(PLACEMENT_CERTIFICATE_CONFIDENCE * 100)}% confidence`
          : "Certified attempt: pass to earn a certificate"}
      </p>
    );
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-amber-200">
      <p className="font-semibold text-amber-900">
        {certification.availableAt
          ? `Practice attempt: a certificate can be earned again on ${formatDateTime(certification.availableAt)}`
          : "Practice attempt: this attempt does not earn a certificate"}
      </p>
      <p className="mt-0.5">
        {certification.reasons.map((r) => REASONS[r]).join(" ")} Practice as often as you like; practice attempts do not
        earn a certificate.
      </p>
    </div>
  );
}
