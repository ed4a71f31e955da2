// Inbox: custom availability requests and group conversation sign-ups, with contact details,
// marked handled when dealt with.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatEuro } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

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
  return (
    <li className="min-w-0">
      <Card className={`p-4 sm:p-5 ${handled ? "opacity-60" : ""}`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {name} {handled ? <Badge>Handled</Badge> : <Badge tone="amber">New</Badge>}
            </p>
            <Contact email={email} phone={phone} />
            {props.children}
            <p className="mt-1 text-xs text-slate-500">Received {formatAdminDateTime(created_at, prefs)}</p>
          </div>
          <Button
            size="sm"
            variant={handled ? "outline" : "primary"}
            disabled={props.busy}
            onClick={props.onToggle}
            aria-label={`${handled ? "Reopen" : "Mark handled"}: ${name}`}
          >
            {handled ? "Reopen" : "Mark handled"}
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
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  // Each list pages on its own; marking an item handled keeps both pages.
  const [requestsOffset, setRequestsOffset] = usePageOffset("requests");
  const [signupsOffset, setSignupsOffset] = usePageOffset("signups");
  const params = { limit: ADMIN_PAGE_SIZE, requests_offset: requestsOffset, signups_offset: signupsOffset };
  const inbox = useQuery({ ...trpc.admin.inbox.list.queryOptions(params), placeholderData: keepPreviousData });
  useLoadFailure(inbox.error, "Failed to load data.");
  const mark = useMutation(
    trpc.admin.inbox.markHandled.mutationOptions({
      onSuccess: (_r, v) => {
        toast({
          title: "Success",
          description: v.handled ? "Marked as handled." : "Moved back to open requests.",
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.inbox.pathKey() });
      },
      onError: (e) => fail(e, "Failed to update the request."),
    }),
  );

  if (inbox.isPending) return <Spinner label="Loading inbox" />;
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
          label: `Availability requests (${data.open.availabilityRequests})`,
          panel: (
            <InboxList
              total={data.totals.availabilityRequests}
              empty={{ title: "No availability requests", message: "Requests for custom lesson times appear here." }}
              pager={{ label: "Availability request pages", offset: requestsOffset, onChange: setRequestsOffset }}
            >
              {data.availabilityRequests.map((r) => (
                <InboxCard key={r.id} item={r} busy={mark.isPending} onToggle={toggle("availability-request", r)}>
                  <p className="mt-2 text-sm text-slate-800">
                    <span className="font-medium">Availability:</span> {r.availability}
                  </p>
                  <p className="text-sm text-slate-800">
                    <span className="font-medium">Location:</span> {r.location}
                  </p>
                </InboxCard>
              ))}
            </InboxList>
          ),
        },
        {
          key: "groups",
          label: `Group sign-ups (${data.open.groupSignups})`,
          panel: (
            <InboxList
              total={data.totals.groupSignups}
              empty={{ title: "No group sign-ups", message: "Sign-ups for the conversation nights appear here." }}
              pager={{ label: "Group sign-up pages", offset: signupsOffset, onChange: setSignupsOffset }}
            >
              {data.groupSignups.map((g) => (
                <InboxCard key={g.id} item={g} busy={mark.isPending} onToggle={toggle("group-signup", g)}>
                  <p className="mt-2 text-sm text-slate-800">
                    {g.package.name} ({g.package.weeks} weeks, {formatEuro(g.price)}) · {g.event.day_of_week}{" "}
                    {g.event.time} · {g.event.location}
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
