import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { type AuthStatus, fetchStudentStatus, useStudentStatus } from "../../features/auth/student-auth.ts";
import { type BookingResults, bookingStorage, type Slot } from "../../features/booking/booking-storage.ts";
import {
  type DetailsErrors,
  type DetailsForm,
  firstSubmitProblem,
  fixedLessonType,
  newIdempotencyKey,
  validateDetails,
} from "../../features/booking/details-form.ts";
import { type GroupChoice, GroupConversationCard } from "../../features/booking/group-conversation-card.tsx";
import { referralCode } from "../../features/booking/referral-code.ts";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { weekStartOf } from "../../features/booking/week.ts";
import { browserTimeZone, formatDate, formatEuro, formatTime } from "../../lib/format.ts";
import { useNavigate } from "../../lib/router.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

const SIGN_IN_REDIRECT_DELAY_MS = 1500;

const LEVELS = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
] as const;

export function DetailsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [pkg] = useState(() => bookingStorage.getPackage());
  const [teacher] = useState(() => bookingStorage.getTeacher());
  const [slots] = useState(() => bookingStorage.getSlots());
  const missingSelection = !pkg || slots.length === 0;
  const status = useStudentStatus();
  const signedIn = status.data?.authenticated === true;
  const signedOut = status.isError || (status.isSuccess && !status.data.authenticated);

  // Redirect rules: nothing to book -> schedule (which sends a missing package on to pricing);
  // signed out -> the student sign-in, which comes back here.
  const redirected = useRef(false);
  useEffect(() => {
    if (redirected.current) return;
    if (missingSelection) {
      redirected.current = true;
      navigate("/book/schedule", { replace: true });
    } else if (signedOut) {
      redirected.current = true;
      toast({
        title: "Authentication Required",
        description: "Please sign in to continue with your booking",
        variant: "destructive",
      });
    }
  }, [missingSelection, signedOut, navigate, toast]);
  // Sign-in leaves the app (Google, or the local demo page): give the message a moment to be read.
  useEffect(() => {
    if (missingSelection || !signedOut) return;
    const timer = setTimeout(
      () => navigate(`/student?next=${encodeURIComponent("/book/details")}`, { replace: true }),
      SIGN_IN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [missingSelection, signedOut, navigate]);

  const user = signedIn ? status.data?.user : null;
  if (!missingSelection && signedOut) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="status">
        <h1 className="text-lg font-semibold text-slate-900">Authentication Required</h1>
        <p className="mt-1 text-slate-600">Please sign in to continue with your booking</p>
        <p className="mt-3 text-sm text-slate-500">Taking you to sign in...</p>
      </Card>
    );
  }
  if (missingSelection || !user) return <Spinner label="Checking your booking" />;
  return <DetailsStep pkg={pkg} teacher={teacher} slots={slots} user={user} />;
}

type StepProps = {
  pkg: NonNullable<ReturnType<typeof bookingStorage.getPackage>>;
  teacher: ReturnType<typeof bookingStorage.getTeacher>;
  slots: Slot[];
  user: NonNullable<AuthStatus["user"]>;
};

function DetailsStep({ pkg, teacher, slots, user }: StepProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fixedType = fixedLessonType(pkg.lessonType);
  const [form, setForm] = useState<DetailsForm>({
    student_name: user.name,
    guardian_phone: "",
    english_level: "",
    lesson_focus: "",
    age_confirmation: "",
    lesson_type: fixedType ?? "online",
    preferred_location: "",
    notes: "",
  });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [group, setGroup] = useState<GroupChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const referral = referralCode.get();
  const zone = slots[0]?.timezone ?? TEACHER_TIMEZONE;
  // Times are the teacher's; a visitor in another zone also sees their own (as on the schedule).
  const localZone = browserTimeZone() !== zone ? browserTimeZone() : null;

  const quote = useQuery(
    trpc.booking.quote.queryOptions({
      packageId: pkg.id,
      groupPackageId: group?.pkg.id ?? null,
      referralCode: referral,
    }),
  );
  const createBooking = useMutation(trpc.booking.createBooking.mutationOptions());
  const createPackageBooking = useMutation(trpc.booking.createPackageBooking.mutationOptions());

  const set = <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Taken before the first await: a double click must not start a second attempt.
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await attemptBooking();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const attemptBooking = async () => {
    const fieldErrors = validateDetails(form);
    setErrors(fieldErrors);
    // The spec's order: slots and account first (read fresh: another tab may have changed them).
    const currentSlots = bookingStorage.getSlots();
    let accountEmail: string | null = null;
    try {
      const fresh = await fetchStudentStatus();
      accountEmail = fresh.authenticated ? (fresh.user?.email ?? null) : null;
    } catch {
      accountEmail = null;
    }
    const problem = firstSubmitProblem({ slotCount: currentSlots.length, accountEmail, form });
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
      // The student's own zone, so their emails also show the lesson time where they are.
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
    };
    const common = {
      studentInfo,
      lessonType,
      teacher_id: teacher?.id ?? null,
      location: lessonType === "in-person" ? form.preferred_location.trim() : undefined,
      group_conversation: group ? { event_id: group.event.id, package_id: group.pkg.id } : null,
      referralCode: referral,
      idempotencyKey: newIdempotencyKey(),
    };
    try {
      const { bookings, order } =
        currentSlots.length === 1
          ? await createBooking
              .mutateAsync({ ...common, lesson_date: currentSlots[0].startTime, packageId: pkg.id })
              .then((r) => ({
                bookings: [r.booking],
                order: r.order,
              }))
          : await createPackageBooking.mutateAsync({
              ...common,
              lesson_dates: currentSlots.map((s) => s.startTime),
              packageInfo: {
                id: pkg.id,
                name: pkg.name,
                lessons: pkg.lessons,
                totalPrice: quote.data?.totalPrice ?? pkg.totalPrice + (group?.pkg.total_price ?? 0),
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
        teacher: teacher
          ? { name: bookings[0]?.teacher_name ?? teacher.name }
          : bookings[0]?.teacher_name
            ? { name: bookings[0].teacher_name }
            : null,
        totalSlots: bookings.length,
        studentInfo: { name: studentInfo.name, email: studentInfo.email },
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
      void queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
      navigate("/book/confirmation", { replace: true });
    } catch (error) {
      const message = error instanceof TRPCClientError && error.data ? error.message : null;
      toast({
        title: "Booking Failed",
        description: message || "Failed to create bookings. Please try again.",
        variant: "destructive",
      });
      // A slot just taken (CONFLICT), or no longer bookable (BAD_REQUEST, e.g. now within 48 hours):
      // the missing slots leave the selection and the student picks again.
      const code = error instanceof TRPCClientError ? error.data?.code : undefined;
      if (code === "CONFLICT" || code === "BAD_REQUEST") {
        const dropped = await dropTakenSlots(currentSlots);
        if (code === "CONFLICT" || dropped > 0) navigate("/book/schedule", { state: { notice: message } });
      }
    }
  };

  /** After a conflict: keep only the selected slots that are still offered. */
  const dropTakenSlots = async (selected: Slot[]): Promise<number> => {
    await queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
    const weeks = [...new Set(selected.map((s) => weekStartOf(dateKeyInZone(s.startTime, zone))))];
    try {
      const answers = await Promise.all(
        weeks.map((startDate) =>
          queryClient.fetchQuery(trpc.booking.availability.queryOptions({ startDate, teacherId: teacher?.id ?? null })),
        ),
      );
      const offered = new Set(answers.flatMap((a) => a.availableSlots.map((s) => Date.parse(s.startTime))));
      const kept = selected.filter((s) => offered.has(Date.parse(s.startTime)));
      bookingStorage.setSlots(kept);
      return selected.length - kept.length;
    } catch {
      return 0; // Availability unreachable: keep the selection, the message says what happened.
    }
  };

  const lessonTypeLabel = (t: string) => (t === "online" ? "Online" : "In person");

  return (
    <div>
      <StepIndicator current="details" />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Student Details</h1>
        <p className="mt-1 text-slate-600">Tell us about the student so the first lesson fits from minute one.</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <GroupConversationCard value={group} onChange={setGroup} />

          <Card className="p-5 sm:p-6">
            <form noValidate onSubmit={submit} aria-label="Student Details" className="grid gap-5 sm:grid-cols-2">
              <div data-field="student_name">
                <TextField
                  label="Student name"
                  required
                  autoComplete="name"
                  value={form.student_name}
                  onChange={(e) => set("student_name", e.target.value)}
                  error={errors.student_name}
                />
              </div>
              <div data-field="guardian_phone">
                <TextField
                  label="Contact phone number"
                  hint="The student's, or a parent's or guardian's"
                  type="tel"
                  required
                  autoComplete="tel"
                  value={form.guardian_phone}
                  onChange={(e) => set("guardian_phone", e.target.value)}
                  error={errors.guardian_phone}
                />
              </div>
              <div className="sm:col-span-2">
                <TextField label="Email" hint="The email of your account" type="email" value={user.email} readOnly />
              </div>
              <div data-field="english_level">
                <SelectField
                  label="English level"
                  required
                  placeholder="Select a level"
                  options={LEVELS}
                  value={form.english_level}
                  onChange={(e) => set("english_level", e.target.value as DetailsForm["english_level"])}
                  error={errors.english_level}
                />
              </div>
              <div>
                {fixedType ? (
                  <div>
                    <p className="mb-1.5 block text-sm font-medium text-slate-800">Lesson type</p>
                    <p className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-800">
                      {lessonTypeLabel(fixedType)} <span className="text-slate-500">(set by your package)</span>
                    </p>
                  </div>
                ) : (
                  <fieldset>
                    <legend className="mb-1.5 block text-sm font-medium text-slate-800">Lesson type</legend>
                    <div className="grid grid-cols-2 gap-2">
                      {(["online", "in-person"] as const).map((t) => (
                        <label
                          key={t}
                          className={`flex cursor-pointer items-center gap-2 rounded-xl border-2 px-3 py-2 text-sm font-medium ${form.lesson_type === t ? "border-blue-900 bg-blue-50 text-blue-900" : "border-slate-200 text-slate-700"}`}
                        >
                          <input
                            type="radio"
                            name="lesson_type"
                            value={t}
                            checked={form.lesson_type === t}
                            onChange={() => set("lesson_type", t)}
                            className="accent-blue-900"
                          />
                          {lessonTypeLabel(t)}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
              </div>
              {form.lesson_type === "in-person" && (
                <div data-field="preferred_location" className="sm:col-span-2">
                  <TextField
                    label="Preferred location"
                    hint="Where in Milano you would like to meet"
                    required
                    value={form.preferred_location}
                    onChange={(e) => set("preferred_location", e.target.value)}
                    error={errors.preferred_location}
                  />
                </div>
              )}
              <div data-field="lesson_focus" className="sm:col-span-2">
                <TextAreaField
                  label="Learning goals"
                  required
                  rows={3}
                  placeholder="e.g. Speaking confidence for work meetings, IELTS preparation"
                  value={form.lesson_focus}
                  onChange={(e) => set("lesson_focus", e.target.value)}
                  error={errors.lesson_focus}
                />
              </div>
              <div className="sm:col-span-2">
                <TextAreaField
                  label="Notes (optional)"
                  rows={2}
                  value={form.notes}
                  onChange={(e) => set("notes", e.target.value)}
                />
              </div>
              <fieldset
                data-field="age_confirmation"
                className="sm:col-span-2"
                aria-describedby={errors.age_confirmation ? "age-error" : undefined}
              >
                <legend className="mb-1.5 block text-sm font-medium text-slate-800">
                  Age confirmation
                  <span className="ml-0.5 text-red-600" aria-hidden="true">
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {(
                    [
                      ["adult", "I am 18 or older and booking for myself"],
                      ["guardian", "I am the parent or guardian of the student"],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className={`flex cursor-pointer items-start gap-2 rounded-xl border-2 px-3 py-2 text-sm ${form.age_confirmation === value ? "border-blue-900 bg-blue-50 text-blue-900" : errors.age_confirmation ? "border-red-300" : "border-slate-200 text-slate-700"}`}
                    >
                      <input
                        type="radio"
                        name="age_confirmation"
                        value={value}
                        checked={form.age_confirmation === value}
                        onChange={() => set("age_confirmation", value)}
                        className="mt-0.5 accent-blue-900"
                      />
                      {label}
                    </label>
                  ))}
                </div>
                {errors.age_confirmation && (
                  <p id="age-error" className="mt-1 text-sm text-red-700">
                    {errors.age_confirmation}
                  </p>
                )}
              </fieldset>
              <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:col-span-2 sm:flex-row sm:justify-between">
                <ButtonLink to="/book/schedule" variant="outline">
                  Back to Schedule
                </ButtonLink>
                <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
                  {busy ? "Creating Booking..." : "Book Lesson"}
                </Button>
              </div>
            </form>
          </Card>
        </div>

        <aside className="order-first lg:order-none">
          <Card className="p-5 lg:sticky lg:top-4">
            <h2 className="font-semibold text-slate-900">Booking Summary</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Package</dt>
                <dd className="text-right font-medium text-slate-900">{pkg.name}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500">Lessons</dt>
                <dd className="text-right font-medium text-slate-900">{slots.length} × 60 minutes</dd>
              </div>
              {teacher && (
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-500">Teacher</dt>
                  <dd className="text-right font-medium text-slate-900">{teacher.name}</dd>
                </div>
              )}
              {group && (
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-500">Group add-on</dt>
                  <dd className="text-right font-medium text-slate-900">
                    {group.pkg.name}
                    <span className="block text-xs font-normal text-slate-500">
                      {group.event.day_of_week}s, {group.event.time}, {group.event.location}
                    </span>
                  </dd>
                </div>
              )}
            </dl>
            <ul
              className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700"
              aria-label="Your lesson times"
            >
              {slots.map((s) => (
                <li key={s.id}>
                  {formatDate(s.startTime, { timeZone: zone, style: "short" })},{" "}
                  {formatTime(s.startTime, { timeZone: zone })}
                  {localZone && (
                    <span className="block text-xs text-slate-500">
                      {formatDate(s.startTime, { timeZone: localZone, style: "short" })},{" "}
                      {formatTime(s.startTime, { timeZone: localZone })} your time
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm" aria-live="polite">
              {quote.data ? (
                <>
                  <div className="flex justify-between">
                    <span className="text-slate-500">{pkg.name}</span>
                    <span>{formatEuro(quote.data.basePrice)}</span>
                  </div>
                  {quote.data.groupPrice > 0 && (
                    <div className="flex justify-between">
                      <span className="text-slate-500">Group conversation</span>
                      <span>{formatEuro(quote.data.groupPrice)}</span>
                    </div>
                  )}
                  {quote.data.discount > 0 && (
                    <div className="flex justify-between text-emerald-700">
                      <span>{quote.data.discountLabel ?? "Discount"}</span>
                      <span>−{formatEuro(quote.data.discount)}</span>
                    </div>
                  )}
                  <div className="flex justify-between pt-1 text-base font-bold text-slate-900">
                    <span>Total</span>
                    <span data-testid="quote-total">{formatEuro(quote.data.totalPrice)}</span>
                  </div>
                  {quote.data.referralNotice && <p className="pt-1 text-amber-800">{quote.data.referralNotice}</p>}
                </>
              ) : quote.isError ? (
                <p className="text-slate-500">The final price is confirmed when you book.</p>
              ) : (
                <p className="text-slate-500">Calculating price...</p>
              )}
              <p className="pt-2 text-xs text-slate-500">Payment is required before the first lesson.</p>
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}
