import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PROFILE_PHOTO_MAX_BYTES } from "../../../../shared/constants.ts";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../../shared/i18n/locales.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { UserIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { studentStatusKey } from "../../features/auth/student-auth.ts";
import { type Profile, useInvalidatePortal, useProfile, useSessionExpiry } from "../../features/portal/portal-api.ts";
import { PrivacyCard } from "../../features/portal/privacy-card.tsx";
import { ENGLISH_LEVEL_OPTIONS, optionValue, PREFERRED_TYPE_OPTIONS } from "../../features/portal/profile-fields.ts";
import { ProfileForm } from "../../features/portal/profile-form.tsx";
import { upload } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { PHOTO_HINT, photoProblem } from "../../lib/photo.ts";
import { type RouterInputs, trpc } from "../../trpc.ts";

type ProfileInput = RouterInputs["portal"]["saveProfile"];
/** Every field of the profile update, as the form holds it (text, "" for none). */
type Form = { [K in keyof ProfileInput]-?: NonNullable<ProfileInput[K]> };
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
    const problem = photoProblem(file, PROFILE_PHOTO_MAX_BYTES);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    const form = new FormData();
    form.append("type", "profile");
    form.append("file", file);
    setBusy(true);
    try {
      const result = await upload<{ imageUrl?: string }>("/files/upload-student-profile-photo", form);
      if (result.imageUrl) setPreview(result.imageUrl);
      toast({ title: "Profile photo uploaded successfully!", variant: "success" });
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: studentStatusKey })]);
    } catch (error) {
      if (onExpired(error)) return;
      toast({
        title: "Upload Failed",
        description: (error as Error).message || "Failed to upload profile photo.",
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
          <img src={src} alt="Your profile" className="h-full w-full object-cover" />
        ) : (
          <UserIcon className="h-12 w-12" />
        )}
      </div>
      <p className="mt-4 text-lg font-semibold text-slate-900">{profile.name}</p>
      <p className="text-sm text-slate-500">Student since {formatDate(profile.memberSince)}</p>
      <input
        ref={input}
        id="profile-photo"
        type="file"
        accept="image/*"
        className="sr-only"
        // The visible button opens it; keyboard users reach the button, not this input.
        tabIndex={-1}
        aria-label="Profile photo"
        aria-describedby="profile-photo-hint"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button variant="outline" className="mt-4" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? "Uploading..." : src ? "Change photo" : "Upload photo"}
      </Button>
      <p id="profile-photo-hint" className="mt-2 text-xs text-slate-500">
        {PHOTO_HINT}
      </p>
    </Card>
  );
}

export function ProfilePage() {
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

  if (profile.isPending || (profile.data && !form)) return <Spinner label="Loading your profile" />;
  if (!profile.data || !form) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title="My Profile" />
        <Card className="p-6 text-sm text-slate-700">
          Failed to load your data.{" "}
          <Button variant="outline" size="sm" onClick={() => profile.refetch()}>
            Try Again
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
    if (!form.name.trim()) next.name = "Name is required";
    if (form.preferredType === "in-person" && !form.preferredLocation.trim())
      next.preferredLocation = "Location is required for in-person lessons";
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
      toast({ title: "Profile Updated", description: "Your profile has been saved.", variant: "success" });
    } catch (error) {
      if (!onExpired(error)) toast({ title: "Error", description: (error as Error).message, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const p = profile.data.profile;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="My Profile" subtitle="How Giulia knows you and plans your lessons." />
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
            email={<TextField label="Email" value={p.email} readOnly hint="Your Google account's address" />}
            onSubmit={() => void save()}
          >
            <SelectField
              label="Language"
              hint="Your emails, reminders and calendar files come in this language."
              options={LANGUAGE_OPTIONS}
              value={form.locale}
              onChange={set("locale")}
            />
            <div className="sm:col-span-2 flex justify-end">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save profile"}
              </Button>
            </div>
          </ProfileForm>
        </Card>
        <div className="lg:col-span-3">
          <PrivacyCard />
        </div>
      </div>
    </div>
  );
}
