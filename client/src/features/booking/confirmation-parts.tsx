import { useQuery } from "@tanstack/react-query";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon, CheckIcon, MapPinIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { formatDate, formatEuro, formatTime } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import type { BookingResults } from "./booking-storage.ts";
import { YourTime } from "./your-time.tsx";

/** The confirmation's banner: confirmed (green) only when every lesson is, else requested. */
export function ConfirmationHero(props: {
  allConfirmed: boolean;
  heading: string;
  lessons: number;
  teacherName: string | null;
}) {
  const { allConfirmed, heading, lessons, teacherName } = props;
  const many = lessons > 1;
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
          We've saved {many ? `your ${lessons} lessons` : "your lesson"}
          {teacherName ? ` with ${teacherName}` : ""}. Here are the details.
        </p>
      ) : (
        <p className="mx-auto mt-2 max-w-2xl text-blue-50">
          We've sent your request for {many ? `${lessons} lessons` : "your lesson"}
          {teacherName ? ` with ${teacherName}` : ""}. {many ? "They are" : "It is"} awaiting{" "}
          {teacherName ? `${teacherName}'s` : "your teacher's"} confirmation: you'll get an email as soon as{" "}
          {many ? "they are" : "it is"} confirmed.
        </p>
      )}
    </div>
  );
}

type BookedLesson = BookingResults["bookings"][number]["booking"];

/** One booked lesson on the confirmation: when, where, its status and its calendar file. */
export function LessonResultCard(props: { booking: BookedLesson; number: number; zone: string; localZone: string }) {
  const { booking, number, zone, localZone } = props;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex-1">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Lesson {number}</p>
        <p className="font-semibold text-slate-900">
          {formatDate(booking.lesson_date, { timeZone: zone, style: "long" })}
        </p>
        <p className="text-sm text-slate-700">
          {formatTime(booking.lesson_date, { timeZone: zone })} ({zone})
          {localZone !== zone && <YourTime startTime={booking.lesson_date} zone={localZone} />}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            {booking.lessonType === "online" ? <VideoIcon className="h-4 w-4" /> : <MapPinIcon className="h-4 w-4" />}
            {booking.lessonType === "online" ? "Online" : `In person${booking.location ? `, ${booking.location}` : ""}`}
          </span>
          <span>
            Booking ID: <code className="font-mono text-xs">{booking.id.slice(0, 8)}</code>
          </span>
          <StatusBadge status={booking.status} />
        </p>
        {booking.status === "pending" && (
          <p className="mt-1 text-sm text-amber-800">Requested: awaiting the teacher's confirmation</p>
        )}
      </div>
      <a
        href={`/api/calendar/booking/${encodeURIComponent(booking.id)}/ics`}
        download
        className={buttonClasses({ variant: "outline", size: "sm" })}
        aria-label={`Add to Calendar: lesson ${number}`}
      >
        <CalendarIcon className="h-4 w-4" /> Add to Calendar
      </a>
    </Card>
  );
}

/** One calendar file with every lesson of the order (issue 16), beside each lesson's own. */
export function OrderCalendarLink(props: { orderId: string; lessons: number }) {
  return (
    <a
      href={`/api/calendar/order/${encodeURIComponent(props.orderId)}/ics`}
      download
      className={`${buttonClasses({ variant: "outline", size: "sm" })} mt-3`}
    >
      <CalendarIcon className="h-4 w-4" /> Add all {props.lessons} lessons to calendar
    </a>
  );
}

/**
 * The amount due and how to pay: read from the student's order (what the teacher has recorded
 * since), else the booking's total; the teacher's payment instructions when she has set them.
 */
export function PaymentDue(props: { orderId: string | undefined; totalPrice: number }) {
  const { orderId, totalPrice } = props;
  const order = useQuery({
    ...trpc.portal.order.queryOptions({ id: orderId ?? "" }),
    enabled: Boolean(orderId),
    retry: false,
  });
  const due = order.data?.order.amount_due ?? totalPrice;
  const instructions = order.data?.payment_instructions ?? "";
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Payment</h3>
      <p className="mt-1">
        Amount due: <strong className="text-slate-900">{formatEuro(due)}</strong>. Payment is required before the first
        lesson.
      </p>
      {instructions ? (
        <div className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">How to pay</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800">{instructions}</p>
        </div>
      ) : (
        <p className="mt-1">Your teacher will explain how to pay.</p>
      )}
    </div>
  );
}
