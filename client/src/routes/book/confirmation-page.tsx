import { useEffect, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon, CheckIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { bookingStorage } from "../../features/booking/booking-storage.ts";
import {
  ConfirmationHero,
  LessonResultCard,
  OrderCalendarLink,
  PaymentDue,
} from "../../features/booking/confirmation-parts.tsx";
import { policyLines } from "../../features/booking/policy.ts";
import { useCancellationNotice } from "../../features/booking/policy-card.tsx";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { SummaryRow } from "../../features/booking/summary-row.tsx";
import { formatEuro } from "../../lib/format.ts";
import { Navigate } from "../../lib/router.tsx";
import { OWN_ZONE, ownClockDiffersAt } from "../../lib/zoned-date.ts";

export function ConfirmationPage() {
  // Read once, then removed: a reload or a later visit has nothing to show and goes to /book.
  const [results] = useState(() => bookingStorage.getResults());
  const notice = useCancellationNotice();
  useEffect(() => {
    bookingStorage.removeResults();
  }, []);
  if (!results) return <Navigate to="/book" replace />;

  const zone = results.timezone ?? TEACHER_TIMEZONE;
  // The visitor's own times beside the teacher's when their clock reads otherwise (as on the schedule).
  const localZone = ownClockDiffersAt(
    results.bookings.map(({ booking }) => booking.lesson_date),
    zone,
  )
    ? OWN_ZONE
    : zone;
  const many = results.bookings.length > 1;
  const firstName = results.studentInfo.name.split(" ")[0] || results.studentInfo.name;
  // Lessons are requests until the teacher confirms them (unless the site confirms automatically):
  // the page says "confirmed" only when every lesson is.
  const allConfirmed = results.bookings.every(({ booking }) => booking.status === "confirmed");
  const teacherName = results.teacher?.name || "Your teacher";
  const heading = allConfirmed
    ? many
      ? "Bookings Confirmed!"
      : "Booking Confirmed!"
    : many
      ? "Bookings Requested!"
      : "Booking Requested!";

  return (
    <div className="mx-auto max-w-4xl">
      <StepIndicator current="confirmation" />
      <ConfirmationHero
        allConfirmed={allConfirmed}
        heading={heading}
        lessons={results.bookings.length}
        teacherName={results.teacher?.name ?? null}
      />

      <div className="mt-6 grid gap-6 md:grid-cols-5">
        <Card className="p-5 md:col-span-2 md:self-start">
          <h2 className="font-semibold text-slate-900">Package Details</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <SummaryRow label="Package">{results.package.name}</SummaryRow>
            <SummaryRow label="Total price">{formatEuro(results.package.totalPrice)}</SummaryRow>
            <SummaryRow label="Lessons">{results.package.lessons}</SummaryRow>
            <SummaryRow label="Duration">60 minutes each</SummaryRow>
            {results.teacher?.name && <SummaryRow label="Teacher">{results.teacher.name}</SummaryRow>}
          </dl>
          {allConfirmed ? (
            <p className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
              <CheckIcon className="h-4 w-4" /> All lessons confirmed
            </p>
          ) : (
            <p className="mt-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <CalendarIcon className="h-4 w-4 shrink-0" /> Requested: awaiting{" "}
              {teacherName === "Your teacher" ? "your teacher's" : `${teacherName}'s`} confirmation
            </p>
          )}
        </Card>

        <section className="md:col-span-3" aria-labelledby="lessons-title">
          <h2 id="lessons-title" className="font-semibold text-slate-900">
            Your {many ? "Lessons" : "Lesson"}
          </h2>
          <ul className="mt-3 space-y-3">
            {results.bookings.map(({ booking }, i) => (
              <li key={booking.id}>
                <LessonResultCard booking={booking} number={i + 1} zone={zone} localZone={localZone} />
              </li>
            ))}
          </ul>
        </section>
      </div>

      {results.groupConversation && (
        <Card className="mt-6 border-violet-200 p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <UsersIcon className="h-5 w-5 text-violet-700" /> Group Conversation Practice
          </h2>
          {results.groupDetails ? (
            <p className="mt-2 text-sm text-slate-700">
              {results.groupDetails.packageName}: {results.groupDetails.night}s at {results.groupDetails.time},{" "}
              {results.groupDetails.location}, {results.groupDetails.weeks} weeks,{" "}
              {formatEuro(results.groupDetails.totalPrice)}. Groups of 8-10 people.
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-700">You have joined the weekly group conversation nights.</p>
          )}
          <p className="mt-1 text-sm text-slate-600">
            Your teacher will contact you within 24 hours about the final details and payment.
          </p>
        </Card>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card className="p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <CalendarIcon className="h-5 w-5 text-blue-900" /> Add your lessons to your calendar
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Each Add to Calendar button downloads a calendar file (.ics) that opens in Google Calendar, Apple Calendar
            or Outlook, at the right time wherever you are. Online lessons include the meeting link once it is ready.
            {!allConfirmed && " Requested lessons show as tentative until they are confirmed."}
          </p>
          {many && results.orderId && <OrderCalendarLink orderId={results.orderId} lessons={results.bookings.length} />}
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">What Happens Next?</h2>
          <ol className="mt-3 space-y-3 text-sm text-slate-700">
            {[
              allConfirmed
                ? "Your teacher contacts you within 24 hours to confirm the details and arrange payment."
                : `${teacherName} confirms your ${many ? "lessons" : "lesson"} and contacts you within 24 hours to arrange payment; you get an email once ${many ? "they are" : "it is"} confirmed.`,
              "Payment is required before the first lesson.",
              "You receive the meeting link (online) or the meeting place (in person) before each lesson.",
              "Follow your lessons, progress and materials in the Student Portal.",
            ].map((step, i) => (
              <li key={step} className="flex gap-3">
                <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-blue-900 text-xs font-bold text-white">
                  {i + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </Card>
      </div>

      <Card className="mt-6 p-5">
        <h2 className="font-semibold text-slate-900">Important Information</h2>
        <div className="mt-3 grid gap-4 text-sm text-slate-700 sm:grid-cols-3">
          <div>
            <h3 className="font-semibold text-slate-900">Cancellation policy</h3>
            <p className="mt-1">{policyLines({ lessons: results.package.lessons }, notice).join(" ")}</p>
          </div>
          <PaymentDue orderId={results.orderId} totalPrice={results.package.totalPrice} />
          <div>
            <h3 className="font-semibold text-slate-900">Contact</h3>
            <p className="mt-1">
              Questions or changes? Write from the Student Portal's Contact page. Messages sent after 10 PM are answered
              the next day.
            </p>
          </div>
        </div>
      </Card>

      <div className="mt-8 text-center">
        <p className="text-lg font-semibold text-slate-900">Thank you, {firstName}!</p>
        <p className="mt-1 text-slate-600">We look forward to seeing you in class.</p>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" variant="outline" size="lg">
            Return to Home
          </ButtonLink>
          <ButtonLink to="/book" size="lg">
            Book Again
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
