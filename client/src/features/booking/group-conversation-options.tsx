// The group conversation card's choices (issue 29: loaded when the card is opened, so the details
// step downloads them only for a visitor who looks): the nights, the packages, Add and Remove.
import type { ReactNode } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { CheckIcon, MapPinIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { StrongValue } from "../../lib/strong-value.tsx";
import type { GroupChoice, GroupEvent, GroupPackage } from "./group-conversation-card.tsx";

/** One choice of a radio group, drawn as a selectable card. */
function RadioCard({
  name,
  value,
  checked,
  onChange,
  disabled,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border-2 p-3 text-sm ${checked ? "border-blue-900 bg-blue-50" : "border-slate-200 hover:border-slate-300"}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="mt-1 accent-blue-900"
      />
      {children}
    </label>
  );
}

export function GroupConversationOptions(props: {
  events: GroupEvent[];
  packages: GroupPackage[];
  eventId: string | null;
  packageId: string | null;
  onEvent: (id: string) => void;
  onPackage: (id: string) => void;
  value: GroupChoice | null;
  add: () => void;
  remove: () => void;
}) {
  const { events, packages, eventId, packageId, value, add, remove } = props;
  const t = useT();
  const locale = useLocale();
  const event = events.find((e) => e.id === eventId) ?? null;
  const pkg = packages.find((p) => p.id === packageId) ?? null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        <StrongValue
          message={(size) => t("booking-group.intro", { size, weeks: (pkg ?? packages[0])?.weeks })}
          value={t("booking-group.people")}
        />
      </p>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t("booking-group.chooseNight")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {events.map((e) => (
            <RadioCard
              key={e.id}
              name="group-night"
              value={e.id}
              checked={eventId === e.id}
              onChange={() => props.onEvent(e.id)}
              disabled={value !== null}
            >
              <span>
                <span className="block font-semibold text-slate-900">
                  {t("booking.groupNight", { day: e.day_of_week })} · {e.time}
                </span>
                <span className="flex items-center gap-1 text-slate-700">
                  <MapPinIcon className="h-4 w-4" /> {e.location}
                </span>
                {e.location_description && (
                  <span className="mt-1 block text-xs text-slate-600">{e.location_description}</span>
                )}
                <span className="mt-1 block text-xs text-slate-600">{t("booking-group.people")}</span>
              </span>
            </RadioCard>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t("booking-group.package")}</legend>
        <div className="mt-2 grid gap-2">
          {packages.map((p) => (
            <RadioCard
              key={p.id}
              name="group-package"
              value={p.id}
              checked={packageId === p.id}
              onChange={() => props.onPackage(p.id)}
              disabled={value !== null}
            >
              <span>
                <span className="block font-semibold text-slate-900">{p.name}</span>
                <span className="block text-slate-700">
                  {t("booking-group.packageLine", {
                    weeks: p.weeks,
                    price: formatEuro(locale, p.price),
                    total: formatEuro(locale, p.total_price),
                  })}
                </span>
                {p.description && <span className="mt-1 block text-xs text-slate-600">{p.description}</span>}
              </span>
            </RadioCard>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {value ? (
          <>
            <p className="flex flex-1 items-center gap-2 text-sm font-medium text-emerald-800">
              <CheckIcon className="h-4 w-4" /> {t("booking-group.addedToBooking")}
            </p>
            <Button variant="outline" onClick={remove}>
              {t("booking-group.remove")}
            </Button>
          </>
        ) : (
          <>
            <p className="flex-1 text-sm text-slate-500">{event && pkg ? "" : t("booking-group.chooseBoth")}</p>
            <Button variant="accent" disabled={!event || !pkg} onClick={add}>
              {t("booking-group.add")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
