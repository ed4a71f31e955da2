import { useQuery } from "@tanstack/react-query";
import { formatDate, formatEuro, formatTime } from "../../../../shared/i18n/format.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon, CheckIcon, MapPinIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { StrongValue } from "../../lib/strong-value.tsx";
import { intlZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import type { BookingResults } from "./booking-storage.ts";
import { HowToPay, type HowToPayLabels, isOrderPayment } from "./how-to-pay.tsx";
import { YourTime } from "./your-time.tsx";

/** The confirmation's banner: confirmed (green) only when every lesson is, else requested. */
export function ConfirmationHero(props: {
  allConfirmed: boolean;
  heading: string;
  lessons: number;
  teacherName: string | null;
}) {
  const { allConfirmed, heading, lessons, teacherName } = props;
  const t = useT();
  const values = { count: lessons, teacher: teacherName ?? "" };
  return (
    <div
      className={`rounded-2xl bg-gradient-to-br px-6 py-8 text-center text-white shadow-sm ${
        allConfirmed ? "from-emerald-600 to-emerald-700" : "from-blue-900 to-blue-700"
      }`}
    >
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-white/20">
        {allConfirmed ? <CheckIcon className="h-8 w-8" /> : <CalendarIcon className="h-8 w-8" />}
      </span>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{heading}</h1>
      {allConfirmed ? (
        <p className="mt-2 text-emerald-50">
          {t(teacherName ? "booking-confirmation.heroConfirmedWith" : "booking-confirmation.heroConfirmed", values)}
        </p>
      ) : (
        <p className="mx-auto mt-2 max-w-2xl text-blue-50">
          {t(teacherName ? "booking-confirmation.heroRequestedWith" : "booking-confirmation.heroRequested", values)}
        </p>
      )}
    </div>
  );
}

type BookedLesson = BookingResults["bookings"][number]["booking"];

/** One booked lesson on the confirmation: when, where, its status and its calendar file. */
export function LessonResultCard(props: { booking: BookedLesson; number: number; zone: string; localZone: string }) {
  const { booking, number, zone, localZone } = props;
  const t = useT();
  const locale = useLocale();
  const timeZone = intlZone(zone);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex-1">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t("booking-confirmation.lesson.number", { number })}
        </p>
        <p className="font-semibold text-slate-900">
          {formatDate(locale, booking.lesson_date, { timeZone, style: "long" })}
        </p>
        <p className="text-sm text-slate-700">
          {formatTime(locale, booking.lesson_date, { timeZone })} ({zone})
          {localZone !== zone && <YourTime startTime={booking.lesson_date} zone={localZone} />}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            {booking.lessonType === "online" ? <VideoIcon className="h-4 w-4" /> : <MapPinIcon className="h-4 w-4" />}
            {booking.lessonType === "online"
              ? t("booking-confirmation.lesson.online")
              : booking.location
                ? t("booking-confirmation.lesson.inPersonAt", { location: booking.location })
                : t("booking-confirmation.lesson.inPerson")}
          </span>
          <span>
            {t("booking-confirmation.lesson.bookingId")}{" "}
            <code className="font-mono text-xs">{booking.id.slice(0, 8)}</code>
          </span>
          <StatusBadge status={booking.status} />
        </p>
        {booking.status === "pending" && (
          <p className="mt-1 text-sm text-amber-800">{t("booking-confirmation.lesson.awaiting")}</p>
        )}
      </div>
      <a
        href={`/api/calendar/booking/${encodeURIComponent(booking.id)}/ics`}
        download
        className={buttonClasses({ variant: "outline", size: "sm" })}
        aria-label={t("booking-confirmation.lesson.addToCalendarLabel", { number })}
      >
        <CalendarIcon className="h-4 w-4" /> {t("booking-confirmation.lesson.addToCalendar")}
      </a>
    </Card>
  );
}

/** One calendar file with every lesson of the order (issue 16), beside each lesson's own. */
export function OrderCalendarLink(props: { orderId: string; lessons: number }) {
  const t = useT();
  return (
    <a
      href={`/api/calendar/order/${encodeURIComponent(props.orderId)}/ics`}
      download
      className={`${buttonClasses({ variant: "outline", size: "sm" })} mt-3`}
    >
      <CalendarIcon className="h-4 w-4" /> {t("booking-confirmation.calendar.all", { count: props.lessons })}
    </a>
  );
}

/**
 * The amount due and how to pay: read from the student's order (what the teacher has recorded
 * since), else the booking's total; the teacher's payment instructions when she has set them.
 */
export function PaymentDue(props: { orderId: string | undefined; totalPrice: number; howToPayShown?: boolean }) {
  const { orderId, totalPrice, howToPayShown = false } = props;
  const t = useT();
  const locale = useLocale();
  const order = useQuery({
    ...trpc.portal.order.queryOptions({ id: orderId ?? "" }),
    enabled: Boolean(orderId),
    retry: false,
  });
  const due = order.data?.order.amount_due ?? totalPrice;
  const instructions = order.data?.payment_instructions ?? "";
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t("booking-confirmation.payment.title")}</h3>
      <p className="mt-1">
        <StrongValue
          message={(amount) => t("booking-confirmation.payment.due", { amount })}
          value={formatEuro(locale, due)}
          className="text-slate-900"
        />
      </p>
      {instructions ? (
        <div className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t("booking-confirmation.payment.howTo")}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">{instructions}</p>
        </div>
      ) : (
        // "How to pay" above already says how: the promise that the teacher will explain would contradict it.
        !howToPayShown && <p className="mt-1">{t("booking-confirmation.payment.explain")}</p>
      )}
    </div>
  );
}

function useConfirmationPaymentLabels(): HowToPayLabels {
  const t = useT();
  return {
    amountDue: t("booking-confirmation.howToPay.amountDue"),
    reference: t("booking-confirmation.howToPay.reference"),
    referenceHint: t("booking-confirmation.howToPay.referenceHint"),
    bankTransfer: t("booking-confirmation.howToPay.bankTransfer"),
    beneficiary: t("booking-confirmation.howToPay.beneficiary"),
    iban: t("booking-confirmation.howToPay.iban"),
    bic: t("booking-confirmation.howToPay.bic"),
    amount: t("booking-confirmation.howToPay.amount"),
    qrAlt: (values) => t("booking-confirmation.howToPay.qrAlt", values),
    qrHint: t("booking-confirmation.howToPay.qrHint"),
    satispay: t("booking-confirmation.howToPay.satispay"),
    paypal: t("booking-confirmation.howToPay.paypal"),
    card: t("booking-confirmation.howToPay.card"),
    cash: t("booking-confirmation.howToPay.cash"),
  };
}

/**
 * How to pay the order just made (issue 30): the amount due, its reference, the bank transfer with
 * its QR code, the teacher's links and cash. The booking's answer carries it, so it shows at once;
 * the order read afresh (as PaymentDue reads it) wins once loaded. Nothing when nothing is due.
 */
export function HowToPayCard(props: { orderId: string | undefined; booked: unknown; email: string }) {
  const { orderId, booked, email } = props;
  const t = useT();
  const labels = useConfirmationPaymentLabels();
  const order = useQuery({
    ...trpc.portal.order.queryOptions({ id: orderId ?? "" }),
    enabled: Boolean(orderId),
    retry: false,
  });
  const payment = order.data?.payment ?? (isOrderPayment(booked) ? booked : null);
  if (!payment || payment.amountDue <= 0) return null;
  return (
    <Card className="mt-6 p-5">
      <section aria-labelledby="how-to-pay-title">
        <h2 id="how-to-pay-title" className="font-semibold text-slate-900">
          {t("booking-confirmation.howToPay.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("booking-confirmation.howToPay.emailed", { email })}</p>
        <div className="mt-3">
          <HowToPay payment={payment} labels={labels} idPrefix="confirmation" />
        </div>
      </section>
    </Card>
  );
}
