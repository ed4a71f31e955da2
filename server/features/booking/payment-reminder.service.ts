// The payment reminder (issue 30): some days before an order's first lesson (the teacher's setting
// `paymentReminderDays`, 0 = off), the payer of an order nothing has been paid on gets one email
// in the order's language with the amount, the reference, how to pay and the order in the portal.
// Once per order: the order's `paymentReminderSentAt`, set under its row lock in the transaction
// that queues the mail (whose dedupe key is the order's), so several processes send it once.
import type { Db } from "../../db.ts";
import { paymentForMail, readPayeeProfile } from "../billing/billing.service.ts";
import { insertOutboxEmails, lessonLocale, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { lessonAddressee, paymentReminderEmail } from "../mail/mail.templates.ts";
import { runInTransaction } from "./booking.data.ts";
import { paymentQrFiles } from "./booking-mail.ts";
import { lockOrder } from "./order.data.ts";
import { amountDueCents } from "./order.service.ts";
import { findOrdersToRemind, findPaymentReminderSettings, markPaymentReminderSent } from "./payment-reminder.data.ts";

const DAY_MS = 86_400_000;

export async function sendPaymentReminders(db: Db, opts: { publicUrl: string; now: Date }) {
  const { now } = opts;
  const settings = await findPaymentReminderSettings(db);
  const days = settings?.paymentReminderDays ?? 0;
  if (days <= 0) return { reminded: 0 };
  const orders = await findOrdersToRemind(db, now, new Date(now.getTime() + days * DAY_MS));
  if (orders.length === 0) return { reminded: 0 };
  const [base, payee] = await Promise.all([loadMailContext(db, { PUBLIC_URL: opts.publicUrl }), readPayeeProfile(db)]);
  let reminded = 0;
  for (const order of orders) {
    const first = order.bookings[0];
    if (!first) continue;
    const teacherName = first.teacher?.name ?? base.teacherName;
    const payment = await paymentForMail(
      payee,
      { number: order.number, amountDueCents: amountDueCents(order, first.status), teacherName },
      settings?.paymentInstructions.trim() ?? "",
    );
    const to = lessonAddressee(first, {
      ...base,
      teacherName,
      studentZone: first.studentTimezone,
      locale: lessonLocale(first),
    });
    const content = paymentReminderEmail(to.name, { id: order.id, firstLessonAt: first.startsAt, payment }, to.ctx);
    await runInTransaction(db, async (tx) => {
      await lockOrder(tx, order.id);
      if (!(await markPaymentReminderSent(tx, order.id, now))) return;
      reminded += await insertOutboxEmails(tx, [
        {
          ...outboxMail("payment_reminder", first.studentEmail, content, `payment_reminder:${order.id}`),
          attachments: paymentQrFiles(payment),
        },
      ]);
    });
  }
  return { reminded };
}
