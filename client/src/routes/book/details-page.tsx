import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { localePath } from "../../../../shared/i18n/locales.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { type AuthStatus, useStudentStatus } from "../../features/auth/student-auth.ts";
import type { PayerBillingInput } from "../../features/billing/payer-billing-fields.tsx";
import { bookingStorage, type Slot } from "../../features/booking/booking-storage.ts";
import { BookingSummary } from "../../features/booking/booking-summary.tsx";
import {
  answerAgeConfirmation,
  chooseLearner,
  type DetailsErrors,
  type DetailsForm,
  type FamilyLearner,
  fixedLessonType,
  prefillDetails,
} from "../../features/booking/details-form.ts";
import type { GroupChoice } from "../../features/booking/group-conversation-card.tsx";
import { referralAnswers } from "../../features/booking/referral-answers.ts";
import { referralCode } from "../../features/booking/referral-code.ts";
import { storedScheduleAddress } from "../../features/booking/schedule-address.ts";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { StudentDetailsFields } from "../../features/booking/student-details-fields.tsx";
import { useBookingSubmit } from "../../features/booking/use-booking-submit.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { OWN_ZONE, ownClockDiffersAt } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

const SIGN_IN_REDIRECT_DELAY_MS = 1500;

// The group add-on's card arrives on its own, in a frame of its closed height: most visitors book
// without it, and the details step stays within its 130 KB (tests/e2e/bundle.spec.ts).
const GroupConversationCard = lazy(() =>
  import("../../features/booking/group-conversation-card.tsx").then((m) => ({ default: m.GroupConversationCard })),
);

// The payer's fiscal data, asked only when the teacher's regime needs them and the account lacks them.
const PayerDetailsCard = lazy(() => import("../../features/booking/payer-details-card.tsx"));

export function DetailsPage() {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const [pkg] = useState(() => bookingStorage.getPackage());
  const [teacher] = useState(() => bookingStorage.getTeacher());
  const [slots] = useState(() => bookingStorage.getSlots());
  const missingSelection = !pkg || slots.length === 0;
  const status = useStudentStatus();
  const signedIn = status.data?.authenticated === true;
  const signedOut = status.isError || (status.isSuccess && !status.data.authenticated);

  // Nothing to book -> schedule (which sends a missing package on to pricing). Signed out, the
  // step says calmly that signing in comes next (no error: it is the normal way), then goes there.
  const redirected = useRef(false);
  useEffect(() => {
    if (redirected.current || !missingSelection) return;
    redirected.current = true;
    navigate(storedScheduleAddress(), { replace: true });
  }, [missingSelection, navigate]);
  // Sign-in leaves the app (Google, or the local demo page): give the message a moment to be read.
  // It comes back to this step in this page's language (the sign-in page may be English only).
  useEffect(() => {
    if (missingSelection || !signedOut) return;
    const timer = setTimeout(
      () => navigate(`/student?next=${encodeURIComponent(localePath(locale, "/book/details"))}`, { replace: true }),
      SIGN_IN_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [missingSelection, signedOut, navigate, locale]);

  const user = signedIn ? status.data?.user : null;
  if (!missingSelection && signedOut) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="status">
        <h1 className="text-lg font-semibold text-slate-900">{t("booking-details.auth.title")}</h1>
        <p className="mt-1 text-slate-600">{t("booking-details.auth.text")}</p>
        <p className="mt-3 text-sm text-slate-500">{t("booking-details.auth.redirecting")}</p>
      </Card>
    );
  }
  if (missingSelection || !user) return <Spinner label={t("booking-details.checking")} />;
  return <DetailsStep pkg={pkg} teacher={teacher} slots={slots} user={user} />;
}

type StepProps = {
  pkg: NonNullable<ReturnType<typeof bookingStorage.getPackage>>;
  teacher: ReturnType<typeof bookingStorage.getTeacher>;
  slots: Slot[];
  user: NonNullable<AuthStatus["user"]>;
};

function DetailsStep({ pkg, teacher, slots, user }: StepProps) {
  const t = useT();
  const fixedType = fixedLessonType(pkg.lessonType);
  // Issue 31: the name is the learner's, never the guardian's by default; answering "I am 18 or
  // older and booking for myself" fills in the account's. What the friend answered on /ref comes
  // first, then the profile when it arrives: nothing is asked twice (issue 33, item 7).
  const [form, setForm] = useState<DetailsForm>(() =>
    prefillDetails(
      {
        learner_id: "",
        student_name: "",
        guardian_phone: "",
        english_level: "",
        lesson_focus: "",
        age_confirmation: "",
        lesson_type: fixedType ?? "online",
        preferred_location: "",
        notes: "",
      },
      [referralAnswers.get()],
    ),
  );
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [group, setGroup] = useState<GroupChoice | null>(null);
  const family = useQuery(trpc.portal.learners.queryOptions());
  const profile = useQuery({ ...trpc.portal.profile.queryOptions(), retry: false });
  const earlier = profile.data?.profile;
  useEffect(() => {
    if (earlier) setForm((f) => prefillDetails(f, [earlier]));
  }, [earlier]);
  const learners: FamilyLearner[] = family.data?.learners ?? [];
  // Choosing a learner of the family fills in their details, and the phone the family gave before;
  // nothing is chosen for them (the age confirmation stays an answer the person gives).
  const pickLearner = (id: string) => {
    const phone = profile.data?.profile.phone ?? "";
    setForm((f) => {
      const previous = learners.find((l) => l.id === f.learner_id) ?? null;
      const next = chooseLearner(f, learners.find((l) => l.id === id) ?? null, previous);
      return id && !next.guardian_phone && phone ? { ...next, guardian_phone: phone } : next;
    });
    setErrors({});
  };
  const payer = useQuery(trpc.booking.payerDetails.queryOptions());
  const [billing, setBilling] = useState<PayerBillingInput>();
  const referral = referralCode.get();
  const zone = slots[0]?.timezone ?? TEACHER_TIMEZONE;
  // Times are the teacher's; a visitor in another zone also sees their own (as on the schedule).
  const localZone = ownClockDiffersAt(
    slots.map((s) => s.startTime),
    zone,
  )
    ? OWN_ZONE
    : null;

  const quote = useQuery(
    trpc.booking.quote.queryOptions({
      packageId: pkg.id,
      groupPackageId: group?.pkg.id ?? null,
      referralCode: referral,
    }),
  );
  const set = <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => {
    setForm((f) => {
      const next = { ...f, [key]: value };
      // Another name than the chosen learner's is someone new.
      const chosen = learners.find((l) => l.id === f.learner_id);
      if (key === "student_name" && chosen && value !== chosen.name) next.learner_id = "";
      return key === "age_confirmation" && next.age_confirmation
        ? answerAgeConfirmation(f, next.age_confirmation, user.name)
        : next;
    });
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const { submit, busy } = useBookingSubmit({
    form,
    setErrors,
    pkg,
    teacher,
    group,
    zone,
    referral,
    quote: quote.data,
    billing: payer.data?.needed ? billing : undefined,
  });

  return (
    <div>
      <StepIndicator current="details" />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t("booking-details.title")}</h1>
        <p className="mt-1 text-slate-600">{t("booking-details.intro")}</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <Suspense fallback={<Card className="min-h-[5.25rem]" />}>
            <GroupConversationCard value={group} onChange={setGroup} />
          </Suspense>

          <Card className="p-5 sm:p-6">
            <form
              noValidate
              onSubmit={submit}
              aria-label={t("booking-details.title")}
              className="grid gap-5 sm:grid-cols-2"
            >
              <StudentDetailsFields
                learners={learners}
                onPickLearner={pickLearner}
                form={form}
                errors={errors}
                set={set}
                accountEmail={user.email}
                fixedType={fixedType}
              />
              {payer.data?.needed && (
                <Suspense>
                  <PayerDetailsCard name={user.name} onChange={setBilling} />
                </Suspense>
              )}
              <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:col-span-2 sm:flex-row sm:justify-between">
                <ButtonLink to={storedScheduleAddress()} variant="outline">
                  {t("booking-details.back")}
                </ButtonLink>
                <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
                  {t(busy ? "booking-details.submitting" : "booking-details.submit")}
                </Button>
              </div>
            </form>
          </Card>
        </div>

        <BookingSummary
          pkg={pkg}
          teacher={teacher}
          slots={slots}
          group={group}
          zone={zone}
          localZone={localZone}
          quote={quote}
        />
      </div>
    </div>
  );
}
