// Settings' Profile Information card: the teacher's photo (previewed until Save Changes
// uploads it), name, contacts, bio and specializations.
import { useRef, useState } from "react";
import { PROFILE_PHOTO_MAX_BYTES } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { SPECIALIZATIONS } from "../../../../shared/settings-options.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { photoProblem } from "../../lib/photo.ts";
import type { AdminSettings } from "./admin-api.ts";
import { type SetSettings, SettingsCard } from "./settings-cards.tsx";

export type PendingPhoto = { file: File; preview: string };

/** The specializations as stored (the booking pages' values), named for the teacher. */
const SPECIALIZATION_LABELS: Record<(typeof SPECIALIZATIONS)[number], MessageKey> = {
  "General English": "admin.settings.spec.general",
  "Conversation Practice": "admin.settings.spec.conversation",
  "Business English": "admin.settings.spec.business",
  "Exam Preparation": "admin.settings.spec.exams",
  "Academic Writing": "admin.settings.spec.academicWriting",
  "Grammar & Vocabulary": "admin.settings.spec.grammar",
  Pronunciation: "admin.settings.spec.pronunciation",
  Literature: "admin.settings.spec.literature",
  "IELTS Preparation": "admin.settings.spec.ielts",
  "TOEFL Preparation": "admin.settings.spec.toefl",
  "Cambridge Exams": "admin.settings.spec.cambridge",
  "English for Travel": "admin.settings.spec.travel",
  "Medical English": "admin.settings.spec.medical",
  "Legal English": "admin.settings.spec.legal",
  "Technical English": "admin.settings.spec.technical",
};
const isSpecialization = (s: string): s is keyof typeof SPECIALIZATION_LABELS => s in SPECIALIZATION_LABELS;

export function ProfileCard({
  profile,
  set,
  pendingPhoto,
  onPendingPhoto,
  isSaving,
}: {
  profile: AdminSettings["profile"];
  set: SetSettings;
  pendingPhoto: PendingPhoto | null;
  onPendingPhoto: (photo: PendingPhoto | null) => void;
  isSaving: boolean;
}) {
  const toast = useToast();
  const t = useT();
  const specialization = (s: string) => (isSpecialization(s) ? t(SPECIALIZATION_LABELS[s]) : s);
  const [pick, setPick] = useState("");
  const photoInput = useRef<HTMLInputElement>(null);
  const field = bindFields(profile, (patch) => set("profile", patch));
  const available = SPECIALIZATIONS.filter((s) => !profile.specializations.includes(s));

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    if (photoInput.current) photoInput.current.value = "";
    if (photoProblem(file, PROFILE_PHOTO_MAX_BYTES)) {
      const isImage = file.type.startsWith("image/");
      toast({
        title: t(isImage ? "admin.settings.photoTooLarge" : "admin.settings.photoInvalid"),
        description: t(isImage ? "admin.settings.photoTooLargeText" : "admin.settings.photoInvalidText"),
        variant: "destructive",
      });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === "string") onPendingPhoto({ file, preview: reader.result });
    };
    reader.onerror = () =>
      toast({
        title: t("admin.settings.error"),
        description: t("admin.settings.photoFailed"),
        variant: "destructive",
      });
    reader.readAsDataURL(file);
  };

  return (
    <SettingsCard title={t("admin.settings.profile.title")} description={t("admin.settings.profile.text")}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-full bg-slate-100 ring-4 ring-white shadow">
          {pendingPhoto || profile.image_url ? (
            <img
              src={pendingPhoto?.preview ?? profile.image_url ?? undefined}
              alt={t(pendingPhoto ? "admin.settings.profile.previewAlt" : "admin.settings.profile.photoAlt")}
              className="h-full w-full object-cover"
            />
          ) : (
            <span
              className="grid h-full w-full place-items-center text-3xl font-bold text-slate-500"
              aria-hidden="true"
            >
              {profile.name.slice(0, 1)}
            </span>
          )}
        </div>
        <div>
          <input
            ref={photoInput}
            id="profile-photo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            onChange={(e) => onPhoto(e.target.files?.[0])}
          />
          <label
            htmlFor="profile-photo"
            className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-blue-700"
          >
            {t(isSaving && pendingPhoto ? "admin.settings.profile.uploading" : "admin.settings.profile.upload")}
          </label>
          <p className="mt-1.5 text-xs text-slate-500">{t("admin.settings.photoHint")}</p>
          {pendingPhoto && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm text-amber-800" role="status">
              <span>{t("admin.settings.profile.newPhoto")}</span>
              <button
                type="button"
                className="font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-900"
                onClick={() => onPendingPhoto(null)}
              >
                {t("admin.settings.profile.keepPhoto")}
              </button>
            </p>
          )}
        </div>
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField label={t("admin.settings.profile.name")} required {...field.text("name")} />
        <TextField label={t("admin.settings.profile.email")} type="email" required {...field.text("email")} />
        <TextField label={t("admin.settings.profile.phone")} type="tel" {...field.text("phone")} />
        <TextAreaField
          className="sm:col-span-2"
          label={t("admin.settings.profile.bio")}
          rows={4}
          {...field.text("bio")}
        />
        <div className="sm:col-span-2">
          <SelectField
            label={t("admin.settings.profile.specializations")}
            value={pick}
            onChange={(e) => {
              const value = e.target.value;
              if (value) set("profile", { specializations: [...profile.specializations, value] });
              setPick("");
            }}
            options={available.map((s) => ({ value: s, label: specialization(s) }))}
            placeholder={t(
              available.length ? "admin.settings.profile.addSpecialization" : "admin.settings.profile.allChosen",
            )}
            disabled={available.length === 0}
          />
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("admin.settings.profile.chosen")}>
            {profile.specializations.map((s) => (
              <li key={s}>
                <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm font-medium text-blue-900 ring-1 ring-blue-200">
                  {specialization(s)}
                  <button
                    type="button"
                    onClick={() => set("profile", { specializations: profile.specializations.filter((x) => x !== s) })}
                    className="grid h-6 w-6 place-items-center rounded-full text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                    aria-label={t("admin.settings.profile.remove", { name: specialization(s) })}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
            {profile.specializations.length === 0 && <Badge>{t("admin.settings.profile.none")}</Badge>}
          </ul>
        </div>
      </div>
    </SettingsCard>
  );
}
