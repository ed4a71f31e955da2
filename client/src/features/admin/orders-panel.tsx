// Orders (issue 16): lessons grouped by the purchase they came from. The teacher confirms or
// declines a whole order in one action, records its payment, and sees what is still owed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatEuro } from "../../lib/format.ts";
import { useSearchParams } from "../../lib/router.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { OrderAmounts, PaymentBadge } from "../orders/payment-status.tsx";
import { ADMIN_PAGE_SIZE, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { PaymentDialog } from "./payment-dialog.tsx";

export type AdminOrder = RouterOutputs["admin"]["orders"]["list"]["orders"][number];
type Decision = "confirmed" | "cancelled";

function OrderCard(props: {
  order: AdminOrder;
  busy: boolean;
  onDecide: (decision: Decision) => void;
  onRecordPayment: () => void;
}) {
  const { order, busy } = props;
  const prefs = useAdminPrefs();
  const pending = order.bookings.some((b) => b.status === "pending");
  const live = order.bookings.some((b) => b.status === "pending" || b.status === "confirmed");
  const who = order.student.name ?? "A deleted account";
  return (
    <li className="min-w-0">
      <Card className="p-4 sm:p-5">
        <article aria-label={`Order of ${who}: ${order.package_name}`}>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {who} <StatusBadge status={order.status} of="order" /> <PaymentBadge status={order.payment_status} />
              </h3>
              {order.student.email && <p className="truncate text-sm text-slate-600">{order.student.email}</p>}
              <p className="mt-1 text-sm text-slate-700">
                {order.package_name} · {order.bookings.length} {order.bookings.length === 1 ? "lesson" : "lessons"} ·
                ordered {formatAdminDateTime(order.created_at, prefs)} ·{" "}
                <code className="font-mono text-xs">{order.id.slice(0, 8)}</code>
              </p>
            </div>
            <div className="sm:w-72">
              <OrderAmounts order={order} />
            </div>
          </div>
          <ul className="mt-3 grid gap-1 border-t border-slate-100 pt-3 text-sm sm:grid-cols-2">
            {order.bookings.map((b) => (
              <li key={b.id} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5">
                <span className="text-slate-800">{formatAdminDateTime(b.lesson_date, prefs, true)}</span>
                <StatusBadge status={b.status} />
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <a
              className="inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-blue-800 underline"
              href={`/api/calendar/order/${encodeURIComponent(order.id)}/ics`}
              download
            >
              Calendar file
            </a>
            <Button size="sm" variant="outline" disabled={busy} onClick={props.onRecordPayment}>
              Record payment
            </Button>
            {live && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onDecide("cancelled")}>
                Decline order
              </Button>
            )}
            {pending && (
              <Button size="sm" disabled={busy} onClick={() => props.onDecide("confirmed")}>
                Confirm order
              </Button>
            )}
          </div>
        </article>
      </Card>
    </li>
  );
}

/** Asks before a whole order is declined: every lesson is cancelled and the student is told. */
function DeclineDialog(props: { order: AdminOrder | null; busy: boolean; onClose: () => void; onDecline: () => void }) {
  const { order } = props;
  return (
    <Modal
      open={order !== null}
      onClose={props.onClose}
      title="Decline this order?"
      description={
        order
          ? `All ${order.bookings.length} lessons of ${order.student.name ?? "this student"}'s ${order.package_name} still pending or confirmed are cancelled, and the student gets one email listing them.`
          : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            Keep the order
          </Button>
          <Button variant="danger" disabled={props.busy} onClick={props.onDecline}>
            Decline order
          </Button>
        </>
      }
    />
  );
}

export function OrdersPanel() {
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const filter = tab === 0 ? "owed" : "all";
  const [offset, setOffset] = usePageOffset(filter);
  const [declining, setDeclining] = useState<AdminOrder | null>(null);
  const [paying, setPaying] = useState<AdminOrder | null>(null);
  const orders = useQuery({
    ...trpc.admin.orders.list.queryOptions({ filter, limit: ADMIN_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  useLoadFailure(orders.error, "Failed to load orders.");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
    // A decision or a payment changes who holds pending, unpaid lessons.
    void queryClient.invalidateQueries({ queryKey: trpc.admin.pendingHolders.queryKey() });
  };
  const decide = useMutation(
    trpc.admin.orders.update.mutationOptions({
      onSuccess: (result, v) => {
        setDeclining(null);
        const lessons = `${result.changed} ${result.changed === 1 ? "lesson" : "lessons"}`;
        toast({
          title: "Success",
          description:
            result.changed === 0
              ? "Nothing to change: the order was already so."
              : v.data.status === "confirmed"
                ? `Order confirmed: ${lessons}. The student has been emailed.`
                : `Order declined: ${lessons} cancelled. The student has been emailed.`,
          variant: "success",
        });
        refresh();
      },
      onError: (e) => fail(e, "Failed to update the order."),
    }),
  );

  // Opened from a lesson's details (?order=ID): that order first, whatever its payment.
  const [search] = useSearchParams();
  const focusId = search.get("order");
  const focused = useQuery({
    ...trpc.admin.orders.get.queryOptions({ id: focusId ?? "" }),
    enabled: Boolean(focusId && /^[0-9a-f-]{36}$/i.test(focusId)),
  });
  const card = (o: AdminOrder) => (
    <OrderCard
      key={o.id}
      order={o}
      busy={decide.isPending}
      onRecordPayment={() => setPaying(o)}
      onDecide={(status) => (status === "cancelled" ? setDeclining(o) : decide.mutate({ id: o.id, data: { status } }))}
    />
  );

  if (orders.isPending) return <Spinner label="Loading orders" />;
  const data = orders.data ?? { orders: [], total: 0, total_owed: 0 };
  const list =
    data.total === 0 ? (
      <EmptyState
        title={filter === "owed" ? "Nothing is owed" : "No orders yet"}
        message={
          filter === "owed" ? "Every order is paid, refunded or cancelled." : "Orders appear when students book."
        }
      />
    ) : (
      <>
        <ul className="grid gap-3">{data.orders.map(card)}</ul>
        <Pager label="Order pages" offset={offset} limit={ADMIN_PAGE_SIZE} total={data.total} onChange={setOffset} />
      </>
    );

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
        <div>
          <p className="text-sm text-slate-600">Owed by students, across every unpaid order</p>
          <p className="text-2xl font-bold text-slate-900">{formatEuro(data.total_owed)}</p>
        </div>
        <Badge tone={data.total_owed > 0 ? "amber" : "green"}>
          {data.total_owed > 0 ? "Payments to follow up" : "All settled"}
        </Badge>
      </Card>
      {focused.data && (
        <section aria-labelledby="focused-order" className="grid gap-2">
          <h2 id="focused-order" className="text-sm font-semibold text-slate-700">
            The lesson's order
          </h2>
          <ul>{card(focused.data.order)}</ul>
        </section>
      )}
      <Tabs
        selectedIndex={tab}
        onChange={setTab}
        items={[
          { key: "owed", label: "Owed", panel: tab === 0 ? list : null },
          { key: "all", label: "All orders", panel: tab === 1 ? list : null },
        ]}
      />
      <DeclineDialog
        order={declining}
        busy={decide.isPending}
        onClose={() => setDeclining(null)}
        onDecline={() => declining && decide.mutate({ id: declining.id, data: { status: "cancelled" } })}
      />
      <PaymentDialog order={paying} onClose={() => setPaying(null)} onSaved={refresh} />
    </div>
  );
}
