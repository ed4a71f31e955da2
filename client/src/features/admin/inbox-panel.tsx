// Inbox: custom availability requests and group conversation sign-ups, with contact details,
// marked handled when dealt with.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { DAY_NAMES } from "./availability-time.tsx";

// The group's weekday as the server spells it (English); named in the page's language.
const ENGLISH_WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function Contact({ email, phone }: { email: string; phone: string | null }) {
  return (
    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a className="text-blue-800 underline" href={`mailto:${email}`}>
        {email}
      </a>
      {phone && (
        <a className="text-blue-800 underline" href={`tel:${phone.replace(/\s+/g, "")}`}>
          {phone}
        </a>
      )}
    </p>
  );
}

/** One request or sign-up: who, how to reach them, what they asked for, and the handled toggle. */
function InboxCard(props: {
  item: { name: string; email: string; phone: string | null; created_at: string; handled_at: string | null };
  busy: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { name, email, phone, created_at, handled_at } = props.item;
  const handled = Boolean(handled_at);
  const prefs = useAdminPrefs();
  const t = useT();
  const action = t(handled ? "admin.inbox.reopen" : "admin.inbox.markHandled");
  return (
    <li className="min-w-0">
      <Card className={`p-4 sm:p-5 ${handled ? "opacity-60" : ""}`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {name}{" "}
              {handled ? <Badge>{t("admin.inbox.handled")}</Badge> : <Badge tone="amber">{t("admin.inbox.new")}</Badge>}
            </p>
            <Contact email={email} phone={phone} />
            {props.children}
            <p className="mt-1 text-xs text-slate-500">
              {t("admin.inbox.received", { date: formatAdminDateTime(created_at, prefs) })}
            </p>
          </div>
          <Button
            size="sm"
            variant={handled ? "outline" : "primary"}
            disabled={props.busy}
            onClick={props.onToggle}
            aria-label={t("admin.inbox.actionOf", { action, name })}
          >
            {action}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** One tab's list: its cards and pages, or the empty state. */
function InboxList({
  total,
  empty,
  pager,
  children,
}: {
  total: number;
  empty: { title: string; message: string };
  pager: { label: string; offset: number; onChange: (offset: number) => void };
  children: ReactNode;
}) {
  if (total === 0) return <EmptyState title={empty.title} message={empty.message} />;
  return (
    <>
      <ul className="grid gap-3">{children}</ul>
      <Pager
        label={pager.label}
        offset={pager.offset}
        limit={ADMIN_PAGE_SIZE}
        total={total}
        onChange={pager.onChange}
      />
    </>
  );
}

export function InboxPanel() {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  // Each list pages on its own; marking an item handled keeps both pages.
  const [requestsOffset, setRequestsOffset] = usePageOffset("requests");
  const [signupsOffset, setSignupsOffset] = usePageOffset("signups");
  const params = { limit: ADMIN_PAGE_SIZE, requests_offset: requestsOffset, signups_offset: signupsOffset };
  const inbox = useQuery({ ...trpc.admin.inbox.list.queryOptions(params), placeholderData: keepPreviousData });
  useLoadFailure(inbox.error, t("admin.inbox.loadFailed"));
  const mark = useMutation(
    trpc.admin.inbox.markHandled.mutationOptions({
      onSuccess: (_r, v) => {
        toast({
          title: t("admin.inbox.success"),
          description: t(v.handled ? "admin.inbox.markedHandled" : "admin.inbox.reopened"),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.inbox.pathKey() });
      },
      onError: (e) => fail(e, t("admin.inbox.updateFailed")),
    }),
  );

  if (inbox.isPending) return <Spinner label={t("admin.inbox.loading")} />;
  const data = inbox.data ?? {
    availabilityRequests: [],
    groupSignups: [],
    totals: { availabilityRequests: 0, groupSignups: 0 },
    open: { availabilityRequests: 0, groupSignups: 0 },
  };
  const toggle =
    (kind: "availability-request" | "group-signup", item: { id: string; handled_at: string | null }) => () =>
      mark.mutate({ kind, id: item.id, handled: !item.handled_at });

  return (
    <Tabs
      items={[
        {
          key: "requests",
          label: t("admin.inbox.requestsTab", { count: data.open.availabilityRequests }),
          panel: (
            <InboxList
              total={data.totals.availabilityRequests}
              empty={{ title: t("admin.inbox.noRequests"), message: t("admin.inbox.noRequestsText") }}
              pager={{ label: t("admin.inbox.requestPages"), offset: requestsOffset, onChange: setRequestsOffset }}
            >
              {data.availabilityRequests.map((r) => (
                <InboxCard key={r.id} item={r} busy={mark.isPending} onToggle={toggle("availability-request", r)}>
                  <p className="mt-2 text-sm text-slate-800">
                    <span className="font-medium">{t("admin.inbox.availability")}</span> {r.availability}
                  </p>
                  <p className="text-sm text-slate-800">
                    <span className="font-medium">{t("admin.inbox.location")}</span> {r.location}
                  </p>
                </InboxCard>
              ))}
            </InboxList>
          ),
        },
        {
          key: "groups",
          label: t("admin.inbox.groupsTab", { count: data.open.groupSignups }),
          panel: (
            <InboxList
              total={data.totals.groupSignups}
              empty={{ title: t("admin.inbox.noGroups"), message: t("admin.inbox.noGroupsText") }}
              pager={{ label: t("admin.inbox.groupPages"), offset: signupsOffset, onChange: setSignupsOffset }}
            >
              {data.groupSignups.map((g) => (
                <InboxCard key={g.id} item={g} busy={mark.isPending} onToggle={toggle("group-signup", g)}>
                  <p className="mt-2 text-sm text-slate-800">
                    {t("admin.inbox.groupLine", {
                      package: g.package.name,
                      weeks: g.package.weeks,
                      price: formatEuro(locale, g.price),
                      day: ENGLISH_WEEKDAYS.includes(g.event.day_of_week)
                        ? t(DAY_NAMES[ENGLISH_WEEKDAYS.indexOf(g.event.day_of_week)])
                        : g.event.day_of_week,
                      time: g.event.time,
                      location: g.event.location,
                    })}
                  </p>
                </InboxCard>
              ))}
            </InboxList>
          ),
        },
      ]}
    />
  );
}
