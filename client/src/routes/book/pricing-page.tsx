import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, ChatDotsIcon, MailIcon } from "../../components/ui/icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { bookingStorage, type SelectedPackage, type SelectedTeacher } from "../../features/booking/booking-storage.ts";
import { PackageCard } from "../../features/booking/package-card.tsx";
import { PolicyCard } from "../../features/booking/policy-card.tsx";
import { scheduleAddress } from "../../features/booking/schedule-address.ts";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { canContinueToSchedule, resolveTeacherChoice } from "../../features/booking/teacher-choice.ts";
import { TeacherList } from "../../features/booking/teacher-list.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useHydrated } from "../../lib/prerendered.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";

// Shown when even the contact call fails: the configured defaults of the server.
const FALLBACK_CONTACT = { email: "hello@englishwithgiulia.it", phone: "+39 333 123 4567" };

export function PricingPage() {
  const t = useT();
  const navigate = useNavigate();
  const packages = useQuery(trpc.booking.packages.queryOptions());
  const teachers = useQuery(trpc.booking.teachers.queryOptions());
  // The choices kept in session storage, once the server's HTML is hydrated (lib/prerendered.tsx);
  // undefined until the visitor picks on this page.
  const hydrated = useHydrated();
  const [pickedPackage, setSelectedPackage] = useState<SelectedPackage | null | undefined>(undefined);
  const [pickedTeacher, setSelectedTeacher] = useState<SelectedTeacher | null | undefined>(undefined);
  const stored = useMemo(
    () => (hydrated ? { pkg: bookingStorage.getPackage(), teacher: bookingStorage.getTeacher() } : null),
    [hydrated],
  );
  const selectedPackage = pickedPackage !== undefined ? pickedPackage : (stored?.pkg ?? null);
  const selectedTeacher = pickedTeacher !== undefined ? pickedTeacher : (stored?.teacher ?? null);

  // A stored package that left the catalogue is forgotten; a stored one is refreshed (price changes).
  useEffect(() => {
    if (!packages.data || !selectedPackage) return;
    const current = packages.data.find((p) => p.id === selectedPackage.id);
    if (!current) {
      setSelectedPackage(null);
      return;
    }
    if (current.totalPrice !== selectedPackage.totalPrice || current.lessons !== selectedPackage.lessons) {
      bookingStorage.changePackage(current);
      setSelectedPackage(current);
    }
  }, [packages.data, selectedPackage]);

  // One teacher: selected for the visitor. Several: a stored choice must still exist.
  const teacherList = teachers.data ?? [];
  const choice = resolveTeacherChoice(teacherList, selectedTeacher);
  useEffect(() => {
    if (!teachers.data || choice.teacher?.id === selectedTeacher?.id) return;
    bookingStorage.setTeacher(choice.teacher);
    setSelectedTeacher(choice.teacher);
  }, [teachers.data, choice.teacher, selectedTeacher]);

  const choosePackage = (pkg: SelectedPackage) => {
    bookingStorage.changePackage(pkg);
    setSelectedPackage(pkg);
  };
  const chooseTeacher = (teacher: SelectedTeacher) => {
    bookingStorage.setTeacher(teacher);
    setSelectedTeacher(teacher);
  };

  const canContinue = canContinueToSchedule(selectedPackage !== null, !teachers.isPending, choice);

  return (
    <div>
      <StepIndicator current="pricing" />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t("booking-packages.pricing.title")}
        </h1>
        <p className="mt-1 text-slate-600">{t("booking-packages.pricing.intro")}</p>
      </div>

      {packages.isPending ? (
        // The rest of the page waits for the packages: appearing below a short spinner, it would
        // jump down the screen when the cards arrive (layout shift).
        <div className="min-h-[60vh]">
          <Spinner label={t("booking-packages.pricing.loadingPackages")} />
        </div>
      ) : packages.isError ? (
        <PricingUnavailable />
      ) : (
        <ul
          className="grid gap-5 pt-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
          aria-label={t("booking-packages.pricing.packages")}
        >
          {packages.data.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} selected={pkg.id === selectedPackage?.id} onSelect={() => choosePackage(pkg)} />
            </li>
          ))}
        </ul>
      )}

      {!packages.isPending && (
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {teachers.isPending ? (
              <Spinner label={t("booking-packages.pricing.loadingTeachers")} />
            ) : teacherList.length > 0 ? (
              <TeacherList teachers={teacherList} selectedId={selectedTeacher?.id ?? null} onSelect={chooseTeacher} />
            ) : null}
          </div>
          <PolicyCard pkg={selectedPackage} />
        </div>
      )}

      {/* On a phone a thin strip over the page (issue 33: it took a fifth of the screen): one row of
          normal-sized buttons under a one-line hint. */}
      <div className="sticky bottom-[var(--language-offer-height,0px)] z-10 -mx-4 mt-8 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        {/* Always there, so the bar keeps its height (no shift when a choice kept in the session
            appears after hydration) and screen readers hear the live region change. */}
        <p className="mb-1 min-h-4 text-center text-xs text-slate-500 sm:mb-2 sm:text-right" aria-live="polite">
          {canContinue || packages.isError
            ? ""
            : selectedPackage
              ? t("booking-packages.pricing.selectTeacher")
              : t("booking-packages.pricing.selectPackage")}
        </p>
        <div className="flex items-center gap-2 sm:justify-between sm:gap-3">
          <ButtonLink to="/book" variant="outline" className="max-sm:px-3">
            {t("booking-packages.pricing.back")}
          </ButtonLink>
          <Button
            className="flex-1 whitespace-nowrap max-sm:px-3 sm:flex-none sm:px-6 sm:py-3 sm:text-base"
            disabled={!canContinue}
            onClick={() =>
              selectedPackage &&
              navigate(scheduleAddress({ packageId: selectedPackage.id, teacherId: choice.teacher?.id ?? null }))
            }
          >
            {t("booking-packages.pricing.continue")} <ArrowRightIcon className="h-5 w-5" />
          </Button>
        </div>
      </div>
    </div>
  );
}

function PricingUnavailable() {
  const t = useT();
  const contact = useQuery({ ...trpc.booking.publicContact.queryOptions(), retry: false });
  const email = contact.data?.email ?? FALLBACK_CONTACT.email;
  const phone = contact.data?.phone ?? FALLBACK_CONTACT.phone;
  return (
    <Card className="p-6" role="alert">
      <h2 className="text-lg font-semibold text-slate-900">{t("booking-packages.pricing.unavailable.title")}</h2>
      <p className="mt-1 text-slate-600">{t("booking-packages.pricing.unavailable.text")}</p>
      <ul className="mt-4 space-y-2 text-slate-800">
        <li className="flex items-center gap-2">
          <MailIcon className="h-5 w-5 text-blue-900" />
          <a className="font-medium text-blue-900 underline" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <ChatDotsIcon className="h-5 w-5 text-blue-900" />
          <a className="font-medium text-blue-900 underline" href={`tel:${phone.replace(/[^\d+]/g, "")}`}>
            {phone}
          </a>
        </li>
      </ul>
      <p className="mt-3 text-sm text-slate-500">{t("booking-packages.pricing.unavailable.afterHours")}</p>
    </Card>
  );
}
