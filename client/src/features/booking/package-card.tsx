import { formatEuro } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CheckIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { SelectedPackage } from "./booking-storage.ts";

export const LESSON_TYPE_LABELS: Record<SelectedPackage["lessonType"], MessageKey> = {
  online: "booking.lessonType.online",
  "in-person": "booking.lessonType.inPerson",
  either: "booking.lessonType.either",
  group: "booking.lessonType.group",
};

/** One package of the pricing grid. The button is the control (aria-pressed); a click anywhere on the card does the same. */
export function PackageCard({
  pkg,
  selected,
  onSelect,
}: {
  pkg: SelectedPackage;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut only; the button inside is the keyboard control
    <article
      onClick={onSelect}
      aria-label={pkg.name}
      data-selected={selected}
      className={`relative flex h-full cursor-pointer flex-col rounded-2xl border-2 bg-white p-5 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${
        selected ? "border-blue-900 ring-4 ring-blue-100" : pkg.isPopular ? "border-amber-300" : "border-slate-200"
      }`}
    >
      {pkg.isPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-amber-400 px-3 py-0.5 text-xs font-bold whitespace-nowrap text-slate-900 shadow-sm">
          {t("booking-packages.package.popular")}
        </span>
      )}
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{pkg.name}</h3>
        <span
          aria-hidden="true"
          className={`mt-1 grid h-5 w-5 shrink-0 place-items-center rounded-full border-2 ${selected ? "border-blue-900 bg-blue-900 text-white" : "border-slate-300"}`}
        >
          {selected && <CheckIcon className="h-3 w-3" />}
        </span>
      </div>
      <Badge tone={pkg.lessonType === "group" ? "purple" : "blue"} className="mt-2 self-start">
        {t(LESSON_TYPE_LABELS[pkg.lessonType])}
      </Badge>
      {pkg.description && <p className="mt-3 text-sm text-slate-600">{pkg.description}</p>}
      <p className="mt-4">
        <span className="text-3xl font-bold text-slate-900">{formatEuro(locale, pkg.totalPrice)}</span>
        <span className="ml-1 text-sm text-slate-500">
          {t("booking-packages.package.lessons", { count: pkg.lessons })}
        </span>
      </p>
      {pkg.lessons > 1 && pkg.pricePerLesson !== undefined && (
        <p className="mt-1 text-sm font-medium text-emerald-700">
          {t("booking-packages.package.perLesson", { price: formatEuro(locale, pkg.pricePerLesson) })}
        </p>
      )}
      {pkg.features && pkg.features.length > 0 && (
        <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
          {pkg.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-5">
        <Button
          variant={selected ? "primary" : "outline"}
          className="w-full"
          aria-pressed={selected}
          aria-label={t("booking.choice.select", { name: pkg.name })}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          {t(selected ? "booking.choice.selected" : "booking.choice.unselected")}
        </Button>
      </div>
    </article>
  );
}
