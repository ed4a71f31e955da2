import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CheckIcon, MapPinIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { StrongValue } from "../../lib/strong-value.tsx";
import { trpc } from "../../trpc.ts";

export type GroupEvent = {
  id: string;
  day_of_week: string;
  time: string;
  location: string;
  location_description: string | null;
};
export type GroupPackage = {
  id: string;
  name: string;
  description: string | null;
  weeks: number;
  price: number;
  total_price: number;
};
export type GroupChoice = { event: GroupEvent; pkg: GroupPackage };

/**
 * 'Interested in Group Conversation Practice?': a collapsible card offering the weekly
 * conversation nights as an add-on. Adding needs both a night and a package.
 */
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

export function GroupConversationCard({
  value,
  onChange,
}: {
  value: GroupChoice | null;
  onChange: (choice: GroupChoice | null) => void;
}) {
  const toast = useToast();
  const t = useT();
  const locale = useLocale();
  const events = useQuery(trpc.booking.groupEvents.queryOptions());
  const packages = useQuery(trpc.booking.groupPackages.queryOptions());
  const [open, setOpen] = useState(false);
  const [eventId, setEventId] = useState<string | null>(value?.event.id ?? null);
  const [packageId, setPackageId] = useState<string | null>(value?.pkg.id ?? null);
  const regionId = useId();
  const failed = events.isError || packages.isError;

  useEffect(() => {
    if (failed) {
      toast({ title: t("booking.error.title"), description: t("booking.group.failed"), variant: "destructive" });
    }
  }, [failed, toast, t]);

  // A single package needs no choosing.
  useEffect(() => {
    if (packages.data?.length === 1 && packageId === null) setPackageId(packages.data[0].id);
  }, [packages.data, packageId]);

  const event = events.data?.find((e) => e.id === eventId) ?? null;
  const pkg = packages.data?.find((p) => p.id === packageId) ?? null;

  const add = () => {
    if (!event || !pkg) return;
    onChange({ event, pkg });
    toast({
      title: t("booking.group.added.title"),
      description: t("booking.group.added.text", { name: pkg.name }),
      variant: "success",
    });
  };
  const remove = () => {
    onChange(null);
    toast({
      title: t("booking.group.removed.title"),
      description: t("booking.group.removed.text"),
      variant: "success",
    });
  };

  return (
    <Card className={`overflow-hidden ${value ? "border-emerald-300" : ""}`}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-3 p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 sm:p-5"
        >
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-violet-100 text-violet-800">
            <UsersIcon className="h-5 w-5" />
          </span>
          <span className="flex-1">
            <span className="block font-semibold text-slate-900">{t("booking.group.title")}</span>
            <span className="block text-sm text-slate-600">
              {value
                ? t("booking.group.addedSummary", {
                    day: t("booking.group.day", { day: value.event.day_of_week }),
                    package: value.pkg.name,
                  })
                : t("booking.group.teaser")}
            </span>
          </span>
          {value && <Badge tone="green">{t("booking.group.addedBadge")}</Badge>}
          <span aria-hidden="true" className={`text-slate-500 transition ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="border-t border-slate-100 p-4 sm:p-5">
        {failed ? (
          <p className="text-sm text-red-800">{t("booking.group.failed")}</p>
        ) : events.isPending || packages.isPending ? (
          <p className="text-sm text-slate-500">{t("booking.group.loading")}</p>
        ) : (
          <div className="space-y-5">
            <p className="text-sm text-slate-700">
              <StrongValue message={(size) => t("booking.group.intro", { size })} value={t("booking.group.people")} />
            </p>
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">{t("booking.group.chooseNight")}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {events.data.map((e) => (
                  <RadioCard
                    key={e.id}
                    name="group-night"
                    value={e.id}
                    checked={eventId === e.id}
                    onChange={() => setEventId(e.id)}
                    disabled={value !== null}
                  >
                    <span>
                      <span className="block font-semibold text-slate-900">
                        {t("booking.group.day", { day: e.day_of_week })} · {e.time}
                      </span>
                      <span className="flex items-center gap-1 text-slate-700">
                        <MapPinIcon className="h-4 w-4" /> {e.location}
                      </span>
                      {e.location_description && (
                        <span className="mt-1 block text-xs text-slate-500">{e.location_description}</span>
                      )}
                      <span className="mt-1 block text-xs text-slate-500">{t("booking.group.people")}</span>
                    </span>
                  </RadioCard>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">{t("booking.group.package")}</legend>
              <div className="mt-2 grid gap-2">
                {packages.data.map((p) => (
                  <RadioCard
                    key={p.id}
                    name="group-package"
                    value={p.id}
                    checked={packageId === p.id}
                    onChange={() => setPackageId(p.id)}
                    disabled={value !== null}
                  >
                    <span>
                      <span className="block font-semibold text-slate-900">{p.name}</span>
                      <span className="block text-slate-700">
                        {t("booking.group.packageLine", {
                          weeks: p.weeks,
                          price: formatEuro(locale, p.price),
                          total: formatEuro(locale, p.total_price),
                        })}
                      </span>
                      {p.description && <span className="mt-1 block text-xs text-slate-500">{p.description}</span>}
                    </span>
                  </RadioCard>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              {value ? (
                <>
                  <p className="flex flex-1 items-center gap-2 text-sm font-medium text-emerald-800">
                    <CheckIcon className="h-4 w-4" /> {t("booking.group.addedToBooking")}
                  </p>
                  <Button variant="outline" onClick={remove}>
                    {t("booking.group.remove")}
                  </Button>
                </>
              ) : (
                <>
                  <p className="flex-1 text-sm text-slate-500">{event && pkg ? "" : t("booking.group.chooseBoth")}</p>
                  <Button variant="accent" disabled={!event || !pkg} onClick={add}>
                    {t("booking.group.add")}
                  </Button>
                </>
              )}
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
