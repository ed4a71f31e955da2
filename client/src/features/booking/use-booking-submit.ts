// The submit of the booking's Student Details step: the spec's check order, the one-lesson or
// package booking, the results the confirmation page reads, and after a refused slot the
// selection trimmed to what is still offered.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import type { FormEvent } from "react";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { fetchStudentStatus } from "../auth/student-auth.ts";
import type { PayerBillingInput } from "../billing/payer-billing-fields.tsx";
import { type BookingResults, bookingStorage, type Slot } from "./booking-storage.ts";
import { type DetailsErrors, type DetailsForm, firstSubmitProblem, validateDetails } from "./details-form.ts";
import type { GroupChoice } from "./group-conversation-card.tsx";
import { referralAnswers } from "./referral-answers.ts";
import { referralCode } from "./referral-code.ts";
import { storedScheduleAddress } from "./schedule-address.ts";
import { firstDayOf, weekStartOf } from "./week.ts";

export function useBookingSubmit({
  form,
  setErrors,
  pkg,
  teacher,
  group,
  zone,
  referral,
  quote,
  billing,
}: {
  form: DetailsForm;
  setErrors: (errors: DetailsErrors) => void;
  pkg: NonNullable<ReturnType<typeof bookingStorage.getPackage>>;
  teacher: ReturnType<typeof bookingStorage.getTeacher>;
  group: GroupChoice | null;
  zone: string;
  referral: string | null;
  quote: RouterOutputs["booking"]["quote"] | undefined;
  /** The payer's fiscal data, when the step asked for them. */
  billing?: PayerBillingInput;
}) {
  const navigate = useNavigate();
  const locale = useLocale();
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { run, busy } = useSingleFlight();
  const createBooking = useMutation(trpc.booking.createBooking.mutationOptions());
  const createPackageBooking = useMutation(trpc.booking.createPackageBooking.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(attemptBooking);
  };

  const attemptBooking = async () => {
    const fieldErrors = validateDetails(form, t);
    setErrors(fieldErrors);
    // The spec's order: slots and account first (read fresh: another tab may have changed them).
    const currentSlots = bookingStorage.getSlots();
    let accountEmail: string | null = null;
    let accountName = "";
    try {
      const fresh = await fetchStudentStatus();
      accountEmail = fresh.authenticated ? (fresh.user?.email ?? null) : null;
      accountName = fresh.user?.name ?? "";
    } catch {
      accountEmail = null;
    }
    const problem = firstSubmitProblem({ slotCount: currentSlots.length, accountEmail, form, t });
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    const firstInvalid = Object.keys(fieldErrors)[0];
    if (firstInvalid) {
      document.querySelector<HTMLElement>(`[data-field="${firstInvalid}"] :is(input,select,textarea)`)?.focus();
      return;
    }
    if (!accountEmail) return;

    const lessonType = form.lesson_type;
    const studentInfo = {
      name: form.student_name.trim(),
      email: accountEmail,
      phone: form.guardian_phone.trim(),
      english_level: form.english_level as "beginner" | "intermediate" | "advanced",
      lesson_focus: form.lesson_focus.trim(),
      preferred_type: lessonType,
      preferred_location: lessonType === "in-person" ? form.preferred_location.trim() : undefined,
      notes: form.notes.trim() || undefined,
      age_confirmation: form.age_confirmation || undefined,
      // The student's own zone, so their emails also show the lesson time where they are.
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
    };
    const common = {
      studentInfo,
      // Issue 31: the family's learner chosen; absent, the name finds or creates the learner.
      learner_id: form.learner_id || undefined,
      lessonType,
      teacher_id: teacher?.id ?? null,
      location: lessonType === "in-person" ? form.preferred_location.trim() : undefined,
      group_conversation: group ? { event_id: group.event.id, package_id: group.pkg.id } : null,
      referralCode: referral,
      idempotencyKey: newIdempotencyKey(),
      // The order speaks the language it was made in: its emails, reminders and calendar files.
      locale,
      // Fewer lessons than the package's: the order is the whole package, the rest booked later.
      bookRestLater: currentSlots.length < pkg.lessons,
      billing,
    };
    try {
      const { bookings, order, payment } =
        currentSlots.length === 1
          ? await createBooking
              .mutateAsync({ ...common, lesson_date: currentSlots[0].startTime, packageId: pkg.id })
              .then(({ booking, ...answer }) => ({ ...answer, bookings: [booking] }))
          : await createPackageBooking.mutateAsync({
              ...common,
              lesson_dates: currentSlots.map((s) => s.startTime),
              packageInfo: {
                id: pkg.id,
                name: pkg.name,
                lessons: pkg.lessons,
                totalPrice: quote?.totalPrice ?? pkg.totalPrice + (group?.pkg.total_price ?? 0),
              },
            });
      const results: BookingResults = {
        bookings: bookings.map((b) => ({
          booking: {
            id: b.id,
            lesson_date: b.lesson_date,
            status: b.status,
            lessonType: b.lessonType,
            location: b.location,
          },
        })),
        package: { name: order.packageName, totalPrice: order.totalPrice, lessons: order.lessons },
        orderId: order.id,
        payment,
        teacher: teacher
          ? { name: bookings[0]?.teacher_name ?? teacher.name }
          : bookings[0]?.teacher_name
            ? { name: bookings[0].teacher_name }
            : null,
        totalSlots: bookings.length,
        // The confirmation thanks the account holder: a guardian, not the learner they booked for.
        studentInfo: {
          name: form.age_confirmation === "guardian" && accountName ? accountName : studentInfo.name,
          email: studentInfo.email,
        },
        // Whom the teacher looks forward to seeing: the learner a guardian booked for.
        learnerName: form.age_confirmation === "guardian" ? studentInfo.name : null,
        groupConversation: group !== null,
        groupDetails: group
          ? {
              packageName: group.pkg.name,
              weeks: group.pkg.weeks,
              totalPrice: group.pkg.total_price,
              night: group.event.day_of_week,
              time: group.event.time,
              location: group.event.location,
            }
          : null,
        timezone: zone,
      };
      bookingStorage.setResults(results);
      bookingStorage.clearSelection();
      referralCode.clear();
      referralAnswers.clear();
      void queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
      navigate("/book/confirmation", { replace: true });
    } catch (error) {
      const message = error instanceof TRPCClientError && error.data ? error.message : null;
      toast({
        title: t("booking-details.submit.failed.title"),
        // The server's reason as it words it (its messages are not translated yet).
        description: message || t("booking-details.submit.failed.text"),
        variant: "destructive",
      });
      // A slot just taken (CONFLICT), or no longer bookable (BAD_REQUEST, e.g. now within 48 hours):
      // the missing slots leave the selection and the student picks again.
      const code = error instanceof TRPCClientError ? error.data?.code : undefined;
      // Back on the week of the (first) time lost, the week the visitor chose it on.
      if (code === "CONFLICT" || code === "BAD_REQUEST") {
        const lost = await dropTakenSlots(currentSlots);
        if (code === "CONFLICT" || lost[0]) {
          navigate(storedScheduleAddress(), { state: { notice: message, week: weekOf(lost[0] ?? currentSlots[0]) } });
        }
      }
    }
  };

  const weekOf = (slot: Slot) => weekStartOf(dateKeyInZone(slot.startTime, zone), firstDayOf(locale));

  /** After a conflict: keep only the selected slots that are still offered; the others are returned. */
  const dropTakenSlots = async (selected: Slot[]): Promise<Slot[]> => {
    await queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
    const weeks = [...new Set(selected.map(weekOf))];
    try {
      const answers = await Promise.all(
        weeks.map((startDate) =>
          queryClient.fetchQuery(trpc.booking.availability.queryOptions({ startDate, teacherId: teacher?.id ?? null })),
        ),
      );
      const offered = new Set(answers.flatMap((a) => a.availableSlots.map((s) => Date.parse(s.startTime))));
      bookingStorage.setSlots(selected.filter((s) => offered.has(Date.parse(s.startTime))));
      return selected.filter((s) => !offered.has(Date.parse(s.startTime)));
    } catch {
      return []; // Availability unreachable: keep the selection, the message says what happened.
    }
  };

  return { submit, busy };
}
