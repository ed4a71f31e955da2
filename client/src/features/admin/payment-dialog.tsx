// An order's payments as a list (issue 30): every payment and refund the teacher recorded, with
// what they add up to and what is still owed; she adds an entry, or reverses a wrong one (an entry
// of the opposite amount: nothing is edited or deleted). The server checks the amounts.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../../shared/constants.ts";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useRichT, useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { OrderAmounts } from "../orders/payment-status.tsx";
import { useAdminFailure } from "./admin-api.ts";
import { DOCUMENT_KIND, DocumentLinks } from "./documents-panel.tsx";
import type { AdminOrder } from "./orders-panel.tsx";

/** A payment method as the teacher reads it; the stored value stays the API's. */
const METHOD_KEYS: Record<PaymentMethod, MessageKey> = {
  bank_transfer: "admin.payment.method.bank_transfer",
  card: "admin.payment.method.card",
  satispay: "admin.payment.method.satispay",
  paypal: "admin.payment.method.paypal",
  cash: "admin.payment.method.cash",
};

const today = () => new Date().toLocaleDateString("en-CA");

type Entry = AdminOrder["payments"][number];

function EntryRow(props: { entry: Entry; busy: boolean; onReverse: () => void }) {
  const { entry } = props;
  const t = useT();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const date = formatDate(locale, entry.date, { timeZone: "UTC" });
  const amount = formatEuro(locale, entry.amount);
  const canReverse = entry.reverses === null && entry.reversed_by === null;
  return (
    <li className="grid gap-1 py-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-slate-700">
          {date} · {entry.method ? t(METHOD_KEYS[entry.method]) : t("admin.payment.method.unknown")}
        </span>
        <span className={`font-semibold ${entry.amount < 0 ? "text-purple-800" : "text-slate-900"}`}>{amount}</span>
      </div>
      {(entry.note || entry.reverses || entry.reversed_by) && (
        <p className="text-xs text-slate-500">
          {entry.reverses && <span className="mr-2 font-medium">{t("admin.payment.reversal")}</span>}
          {entry.reversed_by && <span className="mr-2 font-medium">{t("admin.payment.reversed")}</span>}
          {entry.note}
        </p>
      )}
      {canReverse &&
        (confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-slate-700">{t("admin.payment.reverseConfirm")}</span>
            <Button size="sm" variant="outline" disabled={props.busy} onClick={props.onReverse}>
              {t("admin.payment.reverseYes")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              {t("admin.payment.reverseKeep")}
            </Button>
          </div>
        ) : (
          <div>
            <Button
              size="sm"
              variant="outline"
              aria-label={t("admin.payment.reverseLabel", { amount, date })}
              onClick={() => setConfirming(true)}
            >
              {t("admin.payment.reverse")}
            </Button>
          </div>
        ))}
    </li>
  );
}

/** The order's receipts, invoices and credit notes, and the way to issue one a payment lacks. */
function OrderDocuments(props: { order: AdminOrder; onIssued: (order: AdminOrder) => void }) {
  const { order } = props;
  const t = useT();
  const locale = useLocale();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const issue = useMutation(
    trpc.admin.documents.issue.mutationOptions({
      onSuccess: async () => {
        const next = await queryClient.fetchQuery(trpc.admin.orders.get.queryOptions({ id: order.id }));
        props.onIssued(next.order);
      },
      onError: (e) => fail(e, t("admin.documents.issueFailed")),
    }),
  );
  return (
    <section aria-labelledby="order-documents" className="grid gap-2">
      <h3 id="order-documents" className="text-sm font-semibold text-slate-900">
        {t("admin.documents.orderTitle")}
      </h3>
      {order.documents.length === 0 && !order.documents_pending && (
        <p className="text-sm text-slate-500">{t("admin.documents.orderNone")}</p>
      )}
      {order.documents.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {order.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="flex items-center gap-2">
                <Badge tone={DOCUMENT_KIND[d.kind].tone}>{t(DOCUMENT_KIND[d.kind].label)}</Badge>
                <strong>{d.number}</strong>
                <span className="text-slate-600">
                  {formatDate(locale, d.date, { timeZone: "UTC" })} ·{" "}
                  {formatEuro(locale, d.kind === "credit_note" ? -d.total : d.total)}
                </span>
              </span>
              <DocumentLinks document={d} />
            </li>
          ))}
        </ul>
      )}
      {order.documents_pending && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span>{t("admin.documents.pending")}</span>
          <Button size="sm" variant="outline" disabled={issue.isPending} onClick={() => issue.mutate({ id: order.id })}>
            {t("admin.documents.issue")}
          </Button>
        </div>
      )}
    </section>
  );
}

function PaymentsPanel(props: { order: AdminOrder; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const rich = useRichT();
  const locale = useLocale();
  const toast = useToast();
  const fail = useAdminFailure();
  // The order as the last change left it: the list and sums follow each entry added.
  const [order, setOrder] = useState(props.order);
  const [kind, setKind] = useState<"payment" | "refund">("payment");
  const [method, setMethod] = useState<PaymentMethod>("bank_transfer");
  const [amount, setAmount] = useState(order.amount_due > 0 ? String(order.amount_due) : "");
  const [date, setDate] = useState(today());
  const [note, setNote] = useState("");
  const [overpay, setOverpay] = useState(false);
  // One key per attempt: a retry sends the same one, and the server writes one entry.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();
  const saved = (next: AdminOrder, message: MessageKey) => {
    setOrder(next);
    setAttempt(newIdempotencyKey());
    // The next entry offered is what is still owed.
    setAmount(next.amount_due > 0 ? String(next.amount_due) : "");
    toast({ title: t("admin.payment.success"), description: t(message), variant: "success" });
    props.onSaved();
  };
  const add = useMutation(
    trpc.admin.orders.addPayment.mutationOptions({
      onSuccess: (result) => {
        saved(result.order, "admin.payment.added");
        setNote("");
        setKind("payment");
        setOverpay(false);
      },
      onError: (e) => {
        // The attempt is over: the corrected entry is a new request.
        setAttempt(newIdempotencyKey());
        fail(e, t("admin.payment.failed"));
      },
    }),
  );
  const reverse = useMutation(
    trpc.admin.orders.reversePayment.mutationOptions({
      onSuccess: (result) => saved(result.order, "admin.payment.reversedDone"),
      onError: (e) => {
        setAttempt(newIdempotencyKey());
        fail(e, t("admin.payment.reverseFailed"));
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const euro = Number(amount);
    void flight.run(() =>
      add.mutateAsync({
        id: order.id,
        data: {
          amount: kind === "refund" ? -euro : euro,
          method,
          date,
          note,
          allow_overpayment: overpay,
          idempotency_key: attempt,
        },
      }),
    );
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        {rich("admin.payment.total", {
          name: order.package_name,
          amount: <strong>{formatEuro(locale, order.total_price)}</strong>,
        })}
      </p>
      <OrderAmounts order={order} />
      <section aria-labelledby="payment-entries">
        <h3 id="payment-entries" className="text-sm font-semibold text-slate-900">
          {t("admin.payment.entries")}
        </h3>
        {order.payments.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{t("admin.payment.noEntries")}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {order.payments.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                busy={flight.busy}
                onReverse={() =>
                  flight.run(() =>
                    reverse.mutateAsync({ id: order.id, paymentId: entry.id, data: { idempotency_key: attempt } }),
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
      <OrderDocuments order={order} onIssued={(next) => saved(next, "admin.documents.issued")} />
      <form onSubmit={submit} className="grid gap-3 border-t border-slate-200 pt-4" aria-labelledby="payment-add">
        <h3 id="payment-add" className="text-sm font-semibold text-slate-900">
          {t("admin.payment.addTitle")}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t("admin.payment.kind")}
            value={kind}
            onChange={(e) => setKind(e.target.value as "payment" | "refund")}
            options={[
              { value: "payment", label: t("admin.payment.kindPayment") },
              { value: "refund", label: t("admin.payment.kindRefund") },
            ]}
          />
          <SelectField
            label={t("admin.payment.methodLabel")}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(METHOD_KEYS[m]) }))}
          />
          <TextField
            label={t("admin.payment.amount")}
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextField
            label={t("admin.payment.date")}
            type="date"
            required
            max={today()}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <TextField
          label={t("admin.payment.note")}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {kind === "payment" && (
          <CheckboxField
            label={t("admin.payment.allowOverpayment")}
            checked={overpay}
            onChange={(e) => setOverpay(e.target.checked)}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={props.onClose}>
            {t("admin.payment.close")}
          </Button>
          <Button type="submit" disabled={flight.busy}>
            {t(kind === "refund" ? "admin.payment.addRefund" : "admin.payment.add")}
          </Button>
        </div>
      </form>
    </div>
  );
}

export function PaymentDialog(props: { order: AdminOrder | null; onClose: () => void; onSaved: () => void }) {
  const { order } = props;
  const t = useT();
  return (
    <Modal
      open={order !== null}
      onClose={props.onClose}
      title={t("admin.payment.title")}
      description={
        order
          ? t("admin.payment.description", {
              name: order.student.name ?? t("admin.payment.deletedAccount"),
              id: order.id.slice(0, 8),
            })
          : undefined
      }
    >
      {order && <PaymentsPanel key={order.id} order={order} onClose={props.onClose} onSaved={props.onSaved} />}
    </Modal>
  );
}
