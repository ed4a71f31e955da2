import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { UsersIcon } from "../../components/ui/icons.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useMessageAreas } from "../../lib/lazy-messages.ts";
import { trpc } from "../../trpc.ts";

// The choices load when the card is opened: most visitors book without the add-on.
const GroupConversationOptions = lazy(() =>
  import("./group-conversation-options.tsx").then((m) => ({ default: m.GroupConversationOptions })),
);

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
export function GroupConversationCard({
  value,
  onChange,
}: {
  value: GroupChoice | null;
  onChange: (choice: GroupChoice | null) => void;
}) {
  // Its words arrive with it, not with the details step (whose budget is 130 KB).
  useMessageAreas(["booking-group"]);
  const toast = useToast();
  const t = useT();
  const events = useQuery(trpc.booking.groupEvents.queryOptions());
  const packages = useQuery(trpc.booking.groupPackages.queryOptions());
  const [open, setOpen] = useState(false);
  const [eventId, setEventId] = useState<string | null>(value?.event.id ?? null);
  const [packageId, setPackageId] = useState<string | null>(value?.pkg.id ?? null);
  const regionId = useId();
  const failed = events.isError || packages.isError;

  useEffect(() => {
    if (failed) {
      toast({
        title: t("booking.error.title"),
        description: t("booking-group.failed"),
        variant: "destructive",
      });
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
      title: t("booking-group.added.title"),
      description: t("booking-group.added.text", { name: pkg.name }),
      variant: "success",
    });
  };
  const remove = () => {
    onChange(null);
    toast({
      title: t("booking-group.removed.title"),
      description: t("booking-group.removed.text"),
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
            <span className="block font-semibold text-slate-900">{t("booking-group.title")}</span>
            <span className="block text-sm text-slate-600">
              {value
                ? t("booking-group.addedSummary", {
                    day: t("booking.groupNight", { day: value.event.day_of_week }),
                    package: value.pkg.name,
                  })
                : t("booking-group.teaser")}
            </span>
          </span>
          {value && <Badge tone="green">{t("booking-group.addedBadge")}</Badge>}
          <span aria-hidden="true" className={`text-slate-500 transition ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="border-t border-slate-100 p-4 sm:p-5">
        {failed ? (
          <p className="text-sm text-red-800">{t("booking-group.failed")}</p>
        ) : events.isPending || packages.isPending ? (
          <p className="text-sm text-slate-500">{t("booking-group.loading")}</p>
        ) : (
          open && (
            <Suspense fallback={<p className="text-sm text-slate-500">{t("booking-group.loading")}</p>}>
              <GroupConversationOptions
                events={events.data}
                packages={packages.data}
                eventId={eventId}
                packageId={packageId}
                onEvent={setEventId}
                onPackage={setPackageId}
                value={value}
                add={add}
                remove={remove}
              />
            </Suspense>
          )
        )}
      </div>
    </Card>
  );
}
