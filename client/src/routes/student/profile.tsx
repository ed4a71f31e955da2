import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PROFILE_PHOTO_MAX_BYTES } from "../../../../shared/constants.ts";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../../shared/i18n/locales.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { UserIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { studentStatusKey } from "../../features/auth/student-auth.ts";
import { BillingDetailsCard } from "../../features/portal/billing-details-card.tsx";
import { type Profile, useInvalidatePortal, useProfile, useSessionExpiry } from "../../features/portal/portal-api.ts";
import { PrivacyCard } from "../../features/portal/privacy-card.tsx";
import { ENGLISH_LEVEL_OPTIONS, optionValue, PREFERRED_TYPE_OPTIONS } from "../../features/portal/profile-fields.ts";
import { ProfileForm } from "../../features/portal/profile-form.tsx";
import { upload } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { photoProblemKind } from "../../lib/photo.ts";
import { type RouterInputs, trpc } from "../../trpc.ts";

type ProfileInput = RouterInputs["portal"]["saveProfile"];
/** Every field of the profile update, as the form holds it (text, "" for none); billing has its own card. */
type Form = { [K in Exclude<keyof ProfileInput, "billing">]-?: NonNullable<ProfileInput[K]> };
const toForm = (p: Profile): Form => ({
  name: p.name,
  phone: p.phone ?? "",
  englishLevel: optionValue(ENGLISH_LEVEL_OPTIONS, p.englishLevel),
  lessonFocus: p.lessonFocus ?? "",
  preferredType: optionValue(PREFERRED_TYPE_OPTIONS, p.preferredType),
  preferredLocation: p.preferredLocation ?? "",
  notes: p.notes ?? "",
  locale: p.locale,
});

const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

function PhotoCard({ profile }: { profile: Profile }) {
  const t = useT();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const toast = useToast();
  const invalidate = useInvalidatePortal();
  const queryClient = useQueryClient();
  const onExpired = useSessionExpiry();

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = photoProblemKind(file, PROFILE_PHOTO_MAX_BYTES);
    if (problem) {
      toast({
        title: problem === "type" ? t("portal.profile.photo.invalid") : t("portal.profile.photo.tooLarge"),
        description:
          problem === "type" ? t("portal.profile.photo.invalidText") : t("portal.profile.photo.tooLargeText"),
        variant: "destructive",
      });
      return;
    }
    const form = new FormData();
    form.append("type", "profile");
    form.append("file", file);
    setBusy(true);
    try {
      const result = await upload<{ imageUrl?: string }>("/files/upload-student-profile-photo", form);
      if (result.imageUrl) setPreview(result.imageUrl);
      toast({ title: t("portal.profile.photo.uploaded"), variant: "success" });
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: studentStatusKey })]);
    } catch (error) {
      if (onExpired(error)) return;
      toast({
        title: t("portal.profile.photo.uploadFailed"),
        description: (error as Error).message || t("portal.profile.photo.uploadFailedText"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const src = preview ?? profile.imageUrl;
  return (
    <Card className="p-5 text-center sm:p-6">
      <div className="mx-auto grid h-28 w-28 place-items-center overflow-hidden rounded-full bg-blue-50 text-blue-900 ring-4 ring-white shadow">
        {src ? (
          <img src={src} alt={t("portal.profile.photo.alt")} className="h-full w-full object-cover" />
        ) : (
          <UserIcon className="h-12 w-12" />
        )}
      </div>
      <p className="mt-4 text-lg font-semibold text-slate-900">{profile.name}</p>
      <p className="text-sm text-slate-500">
        {t("portal.profile.since", { date: formatDate(locale, profile.memberSince) })}
      </p>
      <input
        ref={input}
        id="profile-photo"
        type="file"
        accept="image/*"
        className="sr-only"
        // The visible button opens it; keyboard users reach the button, not this input.
        tabIndex={-1}
        aria-label={t("portal.profile.photo.label")}
        aria-describedby="profile-photo-hint"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button variant="outline" className="mt-4" disabled={busy} onClick={() => input.current?.click()}>
        {busy
          ? t("portal.profile.photo.uploading")
          : src
            ? t("portal.profile.photo.change")
            : t("portal.profile.photo.upload")}
      </Button>
      <p id="profile-photo-hint" className="mt-2 text-xs text-slate-500">
        {t("portal.profile.photo.hint")}
      </p>
    </Card>
  );
}

export function ProfilePage() {
  const t = useT();
  const profile = useProfile();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const onExpired = useSessionExpiry();
  const saveProfile = useMutation(trpc.portal.saveProfile.mutationOptions());

  useEffect(() => {
    if (profile.data && !form) setForm(toForm(profile.data.profile));
  }, [profile.data, form]);
  // The sidebar's language switch saves the account's language too: the field follows it.
  const savedLocale = profile.data?.profile.locale;
  useEffect(() => {
    if (savedLocale) setForm((f) => (f && f.locale !== savedLocale ? { ...f, locale: savedLocale } : f));
  }, [savedLocale]);

  if (profile.isPending || (profile.data && !form)) return <Spinner label={t("portal.profile.loading")} />;
  if (!profile.data || !form) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title={t("portal.profile.title")} />
        <Card className="p-6 text-sm text-slate-700">
          {t("portal.loadFailed")}{" "}
          <Button variant="outline" size="sm" onClick={() => profile.refetch()}>
            {t("portal.tryAgain")}
          </Button>
        </Card>
      </div>
    );
  }

  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    if (key === "locale" && !isLocale(e.target.value)) return;
    setForm({ ...form, [key]: e.target.value });
    setErrors({ ...errors, [key]: undefined });
  };

  const save = async () => {
    const next: typeof errors = {};
    if (!form.name.trim()) next.name = t("portal.profile.nameRequired");
    if (form.preferredType === "in-person" && !form.preferredLocation.trim())
      next.preferredLocation = t("portal.profile.locationRequired");
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const saved = await saveProfile.mutateAsync({
        ...form,
        preferredLocation: form.preferredType === "in-person" ? form.preferredLocation : "",
      });
      queryClient.setQueryData(trpc.portal.profile.queryKey(), saved);
      setForm(toForm(saved.profile));
      await queryClient.invalidateQueries({ queryKey: studentStatusKey });
      toast({ title: t("portal.profile.saved"), description: t("portal.profile.savedText"), variant: "success" });
    } catch (error) {
      if (!onExpired(error))
        toast({ title: t("portal.toast.error"), description: (error as Error).message, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const p = profile.data.profile;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("portal.profile.title")} subtitle={t("portal.profile.subtitle")} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div>
          <PhotoCard profile={p} />
        </div>
        <Card className="p-5 sm:p-6 lg:col-span-2">
          <ProfileForm
            mode="profile"
            className="grid gap-4 sm:grid-cols-2"
            values={form}
            onField={set}
            errors={errors}
            email={
              <TextField
                label={t("portal.contact.email")}
                value={p.email}
                readOnly
                hint={t("portal.profile.emailHint")}
              />
            }
            onSubmit={() => void save()}
          >
            <SelectField
              label={t("common.language.label")}
              hint={t("portal.profile.languageHint")}
              options={LANGUAGE_OPTIONS}
              value={form.locale}
              onChange={set("locale")}
            />
            <div className="sm:col-span-2 flex justify-end">
              <Button type="submit" disabled={saving}>
                {saving ? t("portal.profile.saving") : t("portal.profile.save")}
              </Button>
            </div>
          </ProfileForm>
        </Card>
        <div className="lg:col-span-3">
          <BillingDetailsCard profile={p} profileFields={toForm(p)} />
        </div>
        <div className="lg:col-span-3">
          <PrivacyCard />
        </div>
      </div>
    </div>
  );
}
