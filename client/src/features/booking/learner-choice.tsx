// "Who is this lesson for?" on the booking's details step (issue 31): one of the family's learners
// (their details filled in) or someone new, whose name is typed below.
import { useT } from "../../lib/i18n.tsx";
import { useMessageAreas } from "../../lib/lazy-messages.ts";
import type { FamilyLearner } from "./details-form.ts";

/**
 * Issue 31: "Who is this lesson for?", when the family has learners: one of them (their details
 * filled in) or someone new, whose name is typed below.
 */
export default function LearnerChoice(props: {
  learners: FamilyLearner[];
  chosen: string;
  onPick: (id: string) => void;
}) {
  // Its words arrive with it, not with the details step (whose budget is 130 KB).
  useMessageAreas(["booking-learners"]);
  const t = useT();
  const options = [
    ...props.learners.map((l) => ({
      id: l.id,
      label: l.isSelf ? t("booking-learners.you", { name: l.name }) : l.name,
      hint: t("booking-learners.ageGroup", { group: l.ageGroup }),
    })),
    { id: "", label: t("booking-learners.someoneElse"), hint: t("booking-learners.someoneElseHint") },
  ];
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{t("booking-learners.legend")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.id || "new"}
            className={`flex cursor-pointer items-start gap-2 rounded-xl border-2 px-3 py-2 text-sm ${props.chosen === o.id ? "border-blue-900 bg-blue-50 text-blue-900" : "border-slate-200 text-slate-700"}`}
          >
            <input
              type="radio"
              name="learner_id"
              value={o.id}
              checked={props.chosen === o.id}
              onChange={() => props.onPick(o.id)}
              className="mt-0.5 accent-blue-900"
            />
            <span>
              <span className="block font-medium">{o.label}</span>
              <span className="block text-xs text-slate-600">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
