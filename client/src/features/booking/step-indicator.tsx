import { CheckIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";

const STEPS = [
  { key: "pricing", label: "booking.steps.pricing" },
  { key: "schedule", label: "booking.steps.schedule" },
  { key: "details", label: "booking.steps.details" },
  { key: "confirmation", label: "booking.steps.confirmation" },
] as const;
export type StepKey = (typeof STEPS)[number]["key"];

/** Where the visitor is in the flow: four steps, the current one announced as such. */
export function StepIndicator({ current }: { current: StepKey }) {
  const t = useT();
  const index = STEPS.findIndex((s) => s.key === current);
  return (
    <nav aria-label={t("booking.steps.label")} className="mb-6">
      <ol className="flex items-center gap-2 sm:gap-3">
        {STEPS.map((step, i) => {
          const done = i < index;
          const active = i === index;
          return (
            <li
              key={step.key}
              className="flex flex-1 items-center gap-2 sm:gap-3"
              aria-current={active ? "step" : undefined}
            >
              <span
                className={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                  done
                    ? "bg-emerald-600 text-white"
                    : active
                      ? "bg-blue-900 text-white ring-4 ring-blue-100"
                      : "bg-slate-200 text-slate-600"
                }`}
              >
                {done ? <CheckIcon className="h-4 w-4" /> : i + 1}
              </span>
              <span
                className={`text-xs font-semibold sm:text-sm ${active ? "text-slate-900" : "text-slate-500"} ${active ? "" : "max-sm:sr-only"}`}
              >
                {t(step.label)}
              </span>
              {i < STEPS.length - 1 && <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
