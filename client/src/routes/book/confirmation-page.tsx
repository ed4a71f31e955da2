import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon, CheckIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { type BookingResults, bookingStorage } from "../../features/booking/booking-storage.ts";
import {
  ConfirmationHero,
  HowToPayCard,
  LessonResultCard,
  OrderCalendarLink,
  PaymentDue,
} from "../../features/booking/confirmation-parts.tsx";
import { isOrderPayment } from "../../features/booking/how-to-pay.tsx";
import { policyLines } from "../../features/booking/policy.ts";
import { useCancellationNotice } from "../../features/booking/policy-card.tsx";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { SummaryRow } from "../../features/booking/summary-row.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { Navigate, useSearchParams } from "../../lib/router.tsx";
import { OWN_ZONE, ownClockDiffersAt } from "../../lib/zoned-date.ts";
import { type RouterOutputs, trpc } from "../../trpc.ts";

/**
 * The booking as the server has it, for a refresh of the page: the order its address names, read
 * as the signed-in student's own (portal.order answers no one else, not even whether it exists).
 */
function useOrderResults(orderId: string | null): { results: BookingResults | null; pending: boolean } {
  const order = useQuery({
    ...trpc.portal.order.queryOptions({ id: orderId ?? "" }),
    enabled: orderId !== null,
    retry: false,
  });
  const status = useStudentStatus();
  const user = status.data?.user;
  if (!order.data || !user) return { results: null, pending: orderId !== null && order.isPending };
  return { results: resultsOf(order.data, user), pending: false };
}

function resultsOf(
  { order, payment }: RouterOutputs["portal"]["order"],
  user: { name: string; email: string },
): BookingResults {
  const teacher = order.bookings[0]?.teacher_name;
  return {
    bookings: order.bookings.map((b) => ({
      booking: {
        id: b.id,
        lesson_date: b.lesson_date,
        status: b.status,
        lessonType: b.lesson_type,
        location: b.location,
      },
    })),
    package: { name: order.package_name, totalPrice: order.total_price, lessons: order.lessons },
    orderId: order.id,
    payment,
    teacher: teacher ? { name: teacher } : null,
    totalSlots: order.bookings.length,
    studentInfo: user,
    groupConversation: false,
  };
}

export function ConfirmationPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  // Read once, then removed (the spec): no one else can be shown them later. The address then names
  // the order, so that a refresh shows it again, read from the server for its own student.
  const [stored] = useState(() => bookingStorage.getResults());
  const fromServer = useOrderResults(stored ? null : params.get("order"));
  const results = stored ?? fromServer.results;
  const notice = useCancellationNotice();
  useEffect(() => {
    bookingStorage.removeResults();
    if (stored?.orderId) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}?order=${stored.orderId}`);
    }
  }, [stored]);
  if (!results)
    return fromServer.pending ? (
      <div role="status" aria-busy="true" className="min-h-screen" />
    ) : (
      <Navigate to="/book" replace />
    );

  const zone = results.timezone ?? TEACHER_TIMEZONE;
  // The visitor's own times beside the teacher's when their clock reads otherwise (as on the schedule).
  const localZone = ownClockDiffersAt(
    results.bookings.map(({ booking }) => booking.lesson_date),
    zone,
  )
    ? OWN_ZONE
    : zone;
  const count = results.bookings.length;
  const many = count > 1;
  const firstName = results.studentInfo.name.split(" ")[0] || results.studentInfo.name;
  // Lessons are requests until the teacher confirms them (unless the site confirms automatically):
  // the page says "confirmed" only when every lesson is.
  const allConfirmed = results.bookings.every(({ booking }) => booking.status === "confirmed");
  const teacherName = results.teacher?.name || null;
  const heading = t(allConfirmed ? "booking-confirmation.headingConfirmed" : "booking-confirmation.headingRequested", {
    count,
  });
  const euro = (amount: number) => formatEuro(locale, amount);

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
          <h2 className="font-semibold text-slate-900">{t("booking-confirmation.packageDetails")}</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <SummaryRow label={t("booking-confirmation.package")}>{results.package.name}</SummaryRow>
            <SummaryRow label={t("booking-confirmation.totalPrice")}>{euro(results.package.totalPrice)}</SummaryRow>
            <SummaryRow label={t("booking-confirmation.lessons")}>{results.package.lessons}</SummaryRow>
            <SummaryRow label={t("booking-confirmation.duration")}>
              {t("booking-confirmation.durationValue")}
            </SummaryRow>
            {results.teacher?.name && (
              <SummaryRow label={t("booking-confirmation.teacher")}>{results.teacher.name}</SummaryRow>
            )}
          </dl>
          {results.bookings.length < results.package.lessons && (
            <p className="mt-4 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
              {t("booking-confirmation.later", { left: results.package.lessons - results.bookings.length })}
            </p>
          )}
          {allConfirmed ? (
            <p className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
              <CheckIcon className="h-4 w-4" /> {t("booking-confirmation.allConfirmed")}
            </p>
          ) : (
            <p className="mt-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <CalendarIcon className="h-4 w-4 shrink-0" />{" "}
              {teacherName
                ? t("booking-confirmation.awaitingTeacher", { teacher: teacherName })
                : t("booking-confirmation.awaiting")}
            </p>
          )}
        </Card>

        <section className="md:col-span-3" aria-labelledby="lessons-title">
          <h2 id="lessons-title" className="font-semibold text-slate-900">
            {t("booking-confirmation.lessonsTitle", { count })}
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

      <HowToPayCard orderId={results.orderId} booked={results.payment} email={results.studentInfo.email} />

      {results.groupConversation && (
        <Card className="mt-6 border-violet-200 p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <UsersIcon className="h-5 w-5 text-violet-700" /> {t("booking-confirmation.group.title")}
          </h2>
          {results.groupDetails ? (
            <p className="mt-2 text-sm text-slate-700">
              {t("booking-confirmation.group.details", {
                package: results.groupDetails.packageName,
                night: t("booking.groupNight", { day: results.groupDetails.night }),
                time: results.groupDetails.time,
                location: results.groupDetails.location,
                weeks: results.groupDetails.weeks,
                price: euro(results.groupDetails.totalPrice),
              })}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{t("booking-confirmation.group.joined")}</p>
          )}
          <p className="mt-1 text-sm text-slate-600">{t("booking-confirmation.group.contact")}</p>
        </Card>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card className="p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <CalendarIcon className="h-5 w-5 text-blue-900" /> {t("booking-confirmation.calendar.title")}
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            {t("booking-confirmation.calendar.text")}
            {!allConfirmed && ` ${t("booking-confirmation.calendar.tentative")}`}
          </p>
          {many && results.orderId && <OrderCalendarLink orderId={results.orderId} lessons={results.bookings.length} />}
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t("booking-confirmation.next.title")}</h2>
          <ol className="mt-3 space-y-3 text-sm text-slate-700">
            {[
              allConfirmed
                ? t("booking-confirmation.next.confirmed")
                : teacherName
                  ? t("booking-confirmation.next.requestedTeacher", { teacher: teacherName, count })
                  : t("booking-confirmation.next.requested", { count }),
              t("booking.paymentFirst"),
              t("booking-confirmation.next.meeting"),
              t("booking-confirmation.next.portal"),
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
        <h2 className="font-semibold text-slate-900">{t("booking-confirmation.info.title")}</h2>
        <div className="mt-3 grid gap-4 text-sm text-slate-700 sm:grid-cols-3">
          <div>
            <h3 className="font-semibold text-slate-900">{t("booking-confirmation.info.policy")}</h3>
            <p className="mt-1">{policyLines(t, { lessons: results.package.lessons }, notice).join(" ")}</p>
          </div>
          <PaymentDue
            orderId={results.orderId}
            totalPrice={results.package.totalPrice}
            howToPayShown={isOrderPayment(results.payment) && results.payment.amountDue > 0}
          />
          <div>
            <h3 className="font-semibold text-slate-900">{t("booking-confirmation.info.contact")}</h3>
            <p className="mt-1">{t("booking-confirmation.info.contactText")}</p>
          </div>
        </div>
      </Card>

      <div className="mt-8 text-center">
        <p className="text-lg font-semibold text-slate-900">{t("booking-confirmation.thanks", { name: firstName })}</p>
        <p className="mt-1 text-slate-600">
          {results.learnerName
            ? t("booking-confirmation.seeYouLearner", { learner: results.learnerName })
            : t("booking-confirmation.seeYou")}
        </p>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" variant="outline" size="lg">
            {t("booking-confirmation.home")}
          </ButtonLink>
          <ButtonLink to="/book" size="lg">
            {t("booking-confirmation.again")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
