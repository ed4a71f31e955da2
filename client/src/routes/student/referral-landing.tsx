// /ref?code=CODE: the unguarded landing page of a referral link. Validates the code, welcomes the
// friend with the referrer's name, takes a short profile (POST /api/bookings without a lesson
// date: the booking feature's referral signup), then continues to /book?ref=CODE.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { REFERRAL_DISCOUNT_PERCENT } from "../../../../shared/constants.ts";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import { ChatIcon, GiftIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { referralAnswers } from "../../features/booking/referral-answers.ts";
import { ProfileForm } from "../../features/portal/profile-form.tsx";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { useNavigate, useSearchParams } from "../../lib/router.tsx";
import { type RouterInputs, trpc } from "../../trpc.ts";

type SignupInput = RouterInputs["booking"]["referralSignup"];
type SignupForm = {
  name: string;
  email: string;
  phone: string;
  englishLevel: SignupInput["englishLevel"] | "";
  lessonFocus: string;
  preferredType: NonNullable<SignupInput["preferredType"]>;
  preferredLocation: string;
  notes: string;
  packageType: string;
  agreedToTerms: boolean;
};

const EMPTY: SignupForm = {
  name: "",
  email: "",
  phone: "",
  englishLevel: "",
  lessonFocus: "",
  preferredType: "online",
  preferredLocation: "",
  notes: "",
  packageType: "standard",
  agreedToTerms: false,
};

const BENEFITS = [
  { icon: GiftIcon, title: "portal.ref.benefit.discount", text: "portal.ref.benefit.discountText" },
  { icon: CalendarIcon, title: "portal.ref.benefit.priority", text: "portal.ref.benefit.priorityText" },
  { icon: ChatIcon, title: "portal.ref.benefit.call", text: "portal.ref.benefit.callText" },
] as const;

function Shell({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="min-h-screen bg-gradient-to-b from-blue-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <SiteLogo />
        <div className="flex items-center gap-1">
          <LanguageSwitch className="rounded-lg px-3 py-1.5 text-sm font-medium text-blue-900 underline underline-offset-2 hover:bg-white/60" />
          <ButtonLink to="/student" variant="ghost" size="sm">
            {t("common.studentPortal")}
          </ButtonLink>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">{children}</main>
    </div>
  );
}

export function ReferralLanding() {
  const t = useT();
  const rich = useRichT();
  const [params] = useSearchParams();
  const code = (params.get("code") ?? params.get("ref") ?? "").trim();
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const validation = useQuery({
    ...trpc.portal.validateReferral.queryOptions({ code }),
    enabled: Boolean(code),
    retry: false,
  });
  const signup = useMutation(trpc.booking.referralSignup.mutationOptions());
  const referrer = validation.data?.referrer.name ?? null;
  // A refused code keeps the spinner until the visitor is sent on to /book.
  const validating = Boolean(code) && !validation.data;

  useEffect(() => {
    if (!validation.error) return;
    const status = validation.error.data?.httpStatus ?? 0;
    const invalid = status >= 400 && status < 500;
    toast({
      title: t("portal.toast.error"),
      description: invalid ? t("portal.ref.invalid") : t("portal.ref.validateFailed"),
      variant: "destructive",
    });
    navigate("/book", { replace: true });
  }, [validation.error, navigate, toast, t]);

  if (validating) {
    return (
      <Shell>
        <Card className="mx-auto mt-10 max-w-md p-8 text-center">
          <Spinner label={t("portal.ref.validating")} />
          <p className="text-slate-600">{t("portal.ref.validatingText")}</p>
        </Card>
      </Shell>
    );
  }

  if (!code || !referrer) {
    return (
      <Shell>
        <Card className="mx-auto mt-10 max-w-md p-8 text-center">
          <span className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-500">
            <GiftIcon />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("portal.ref.noCode")}</h1>
          <p className="mt-2 text-slate-600">{t("portal.ref.noCodeText")}</p>
          <ButtonLink to="/book" className="mt-6">
            {t("portal.layout.book")}
          </ButtonLink>
        </Card>
      </Shell>
    );
  }

  const set = (key: keyof SignupForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = async () => {
    if (!form.name.trim() || !form.email.trim() || !form.phone.trim() || !form.englishLevel) {
      toast({ title: t("portal.toast.error"), description: t("portal.ref.required"), variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      await signup.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        englishLevel: form.englishLevel,
        lessonFocus: form.lessonFocus.trim(),
        preferredType: form.preferredType,
        preferredLocation: form.preferredType === "in-person" ? form.preferredLocation.trim() : "",
        notes: form.notes.trim(),
        referralCode: code,
      });
      // Carried to the booking's details step, which then asks none of it again (issue 33, item 7).
      referralAnswers.set({
        phone: form.phone.trim(),
        englishLevel: form.englishLevel,
        lessonFocus: form.lessonFocus.trim(),
      });
      toast({ title: t("portal.ref.created"), variant: "success" });
      navigate(`/book?ref=${encodeURIComponent(code)}`);
    } catch {
      toast({ title: t("portal.toast.error"), description: t("portal.ref.createFailed"), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Shell>
      <section className="py-6 text-center sm:py-10">
        <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">{t("portal.ref.invited")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t("portal.ref.welcome", { name: referrer })}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">{t("portal.ref.intro")}</p>
      </section>
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="h-fit p-5 sm:p-6 lg:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">{t("portal.ref.benefits")}</h2>
          <ul className="mt-4 space-y-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-3">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-amber-400 text-slate-900">
                  <Icon className="h-5 w-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">
                    {t(title, { percent: REFERRAL_DISCOUNT_PERCENT })}
                  </span>
                  <span className="block text-sm text-slate-600">{t(text)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-5 rounded-xl bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {rich("portal.ref.codeApplied", {
              code: <span className="font-mono font-bold tracking-widest">{code.toUpperCase()}</span>,
            })}
          </p>
        </Card>
        <Card className="p-5 sm:p-6 lg:col-span-3">
          <h2 className="text-lg font-semibold text-slate-900">{t("portal.ref.profile")}</h2>
          <ProfileForm
            mode="signup"
            className="mt-4 grid gap-4 sm:grid-cols-2"
            values={form}
            onField={set}
            email={
              <TextField
                label={t("portal.contact.email")}
                type="email"
                required
                value={form.email}
                onChange={set("email")}
                autoComplete="email"
              />
            }
            onSubmit={() => void submit()}
          >
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" className="w-full" disabled={submitting}>
                {submitting ? t("portal.ref.creating") : t("portal.ref.continue")}
              </Button>
            </div>
          </ProfileForm>
        </Card>
      </div>
    </Shell>
  );
}
