// Orders (issue 16): lessons grouped by the purchase they came from. The teacher confirms or
// declines a whole order in one action, records its payment, and sees what is still owed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { Badge, StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
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
  const t = useT();
  const pending = order.bookings.some((b) => b.status === "pending");
  const live = order.bookings.some((b) => b.status === "pending" || b.status === "confirmed");
  const who = order.student.name ?? t("admin.orders.deletedAccount");
  return (
    <li className="min-w-0">
      <Card className="p-4 sm:p-5">
        <article aria-label={t("admin.orders.cardLabel", { name: who, package: order.package_name })}>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {who} <StatusBadge status={order.status} of="order" /> <PaymentBadge status={order.payment_status} />
              </h3>
              {order.student.email && <p className="truncate text-sm text-slate-600">{order.student.email}</p>}
              <p className="mt-1 text-sm text-slate-700">
                {t("admin.orders.summary", {
                  package: order.package_name,
                  count: order.bookings.length,
                  date: formatAdminDateTime(order.created_at, prefs),
                })}
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
              {t("admin.orders.calendarFile")}
            </a>
            <Button size="sm" variant="outline" disabled={busy} onClick={props.onRecordPayment}>
              {t("admin.orders.recordPayment")}
            </Button>
            {live && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onDecide("cancelled")}>
                {t("admin.orders.decline")}
              </Button>
            )}
            {pending && (
              <Button size="sm" disabled={busy} onClick={() => props.onDecide("confirmed")}>
                {t("admin.orders.confirm")}
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
  const t = useT();
  return (
    <Modal
      open={order !== null}
      onClose={props.onClose}
      title={t("admin.orders.declineTitle")}
      description={
        order
          ? t("admin.orders.declineText", {
              count: order.bookings.length,
              name: order.student.name ?? t("admin.orders.thisStudent"),
              package: order.package_name,
            })
          : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t("admin.orders.keep")}
          </Button>
          <Button variant="danger" disabled={props.busy} onClick={props.onDecline}>
            {t("admin.orders.decline")}
          </Button>
        </>
      }
    />
  );
}

/**
 * Confirming an order whose online lessons would get no meeting link (the "manual" mode without a
 * default link): asks for the link first (issue 33, item 8). Left empty, it is added later per lesson.
 */
function ConfirmWithLinkDialog(props: {
  order: AdminOrder | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (link: string) => void;
}) {
  const t = useT();
  const [link, setLink] = useState("");
  const close = () => {
    setLink("");
    props.onClose();
  };
  return (
    <Modal
      open={props.order !== null}
      onClose={close}
      title={t("admin.orders.linkTitle")}
      description={t("admin.orders.linkText")}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t("admin.orders.linkCancel")}
          </Button>
          <Button
            disabled={props.busy}
            onClick={() => {
              props.onConfirm(link.trim());
              setLink("");
            }}
          >
            {t("admin.orders.linkConfirm")}
          </Button>
        </>
      }
    >
      <TextField
        label={t("admin.orders.linkLabel")}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={link}
        onChange={(e) => setLink(e.target.value)}
      />
    </Modal>
  );
}

export function OrdersPanel() {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const filter = tab === 0 ? "owed" : "all";
  const [offset, setOffset] = usePageOffset(filter);
  const [declining, setDeclining] = useState<AdminOrder | null>(null);
  const [confirming, setConfirming] = useState<AdminOrder | null>(null);
  const [paying, setPaying] = useState<AdminOrder | null>(null);
  const orders = useQuery({
    ...trpc.admin.orders.list.queryOptions({ filter, limit: ADMIN_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  useLoadFailure(orders.error, t("admin.orders.loadFailed"));
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
        setConfirming(null);
        toast({
          title: t("admin.orders.success"),
          description:
            result.changed === 0
              ? t("admin.orders.unchanged")
              : t(v.data.status === "confirmed" ? "admin.orders.confirmed" : "admin.orders.declined", {
                  count: result.changed,
                }),
          variant: "success",
        });
        refresh();
      },
      onError: (e) => fail(e, t("admin.orders.updateFailed")),
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
      onDecide={(status) =>
        status === "cancelled"
          ? setDeclining(o)
          : o.needs_meeting_link
            ? setConfirming(o)
            : decide.mutate({ id: o.id, data: { status } })
      }
    />
  );

  if (orders.isPending) return <Spinner label={t("admin.orders.loading")} />;
  const data = orders.data ?? { orders: [], total: 0, total_owed: 0 };
  const list =
    data.total === 0 ? (
      <EmptyState
        title={t(filter === "owed" ? "admin.orders.nothingOwed" : "admin.orders.noOrders")}
        message={t(filter === "owed" ? "admin.orders.nothingOwedText" : "admin.orders.noOrdersText")}
      />
    ) : (
      <>
        <ul className="grid gap-3">{data.orders.map(card)}</ul>
        <Pager
          label={t("admin.orders.pages")}
          offset={offset}
          limit={ADMIN_PAGE_SIZE}
          total={data.total}
          onChange={setOffset}
        />
      </>
    );

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
        <div>
          <p className="text-sm text-slate-600">{t("admin.orders.owedLabel")}</p>
          <p className="text-2xl font-bold text-slate-900">{formatEuro(locale, data.total_owed)}</p>
        </div>
        <Badge tone={data.total_owed > 0 ? "amber" : "green"}>
          {t(data.total_owed > 0 ? "admin.orders.followUp" : "admin.orders.settled")}
        </Badge>
      </Card>
      {focused.data && (
        <section aria-labelledby="focused-order" className="grid gap-2">
          <h2 id="focused-order" className="text-sm font-semibold text-slate-700">
            {t("admin.orders.focused")}
          </h2>
          <ul>{card(focused.data.order)}</ul>
        </section>
      )}
      <Tabs
        selectedIndex={tab}
        onChange={setTab}
        items={[
          { key: "owed", label: t("admin.orders.tabOwed"), panel: tab === 0 ? list : null },
          { key: "all", label: t("admin.orders.tabAll"), panel: tab === 1 ? list : null },
        ]}
      />
      <DeclineDialog
        order={declining}
        busy={decide.isPending}
        onClose={() => setDeclining(null)}
        onDecline={() => declining && decide.mutate({ id: declining.id, data: { status: "cancelled" } })}
      />
      <ConfirmWithLinkDialog
        order={confirming}
        busy={decide.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(link) =>
          confirming && decide.mutate({ id: confirming.id, data: { status: "confirmed", meeting_link: link || null } })
        }
      />
      <PaymentDialog order={paying} onClose={() => setPaying(null)} onSaved={refresh} />
    </div>
  );
}
