// Settings' Profile Information card: the teacher's photo (previewed until Save Changes
// uploads it), name, contacts, bio and specializations.
import { useRef, useState } from "react";
import { PROFILE_PHOTO_MAX_BYTES, SPECIALIZATIONS } from "../../../../shared/constants.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { PHOTO_HINT, photoProblem } from "../../lib/photo.ts";
import type { AdminSettings } from "./admin-api.ts";
import { type SetSettings, SettingsCard } from "./settings-cards.tsx";

export type PendingPhoto = { file: File; preview: string };

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
  const [pick, setPick] = useState("");
  const photoInput = useRef<HTMLInputElement>(null);
  const field = bindFields(profile, (patch) => set("profile", patch));
  const available = SPECIALIZATIONS.filter((s) => !profile.specializations.includes(s));

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    if (photoInput.current) photoInput.current.value = "";
    const problem = photoProblem(file, PROFILE_PHOTO_MAX_BYTES);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === "string") onPendingPhoto({ file, preview: reader.result });
    };
    reader.onerror = () =>
      toast({ title: "Error", description: "Failed to upload profile photo.", variant: "destructive" });
    reader.readAsDataURL(file);
  };

  return (
    <SettingsCard title="Profile Information" description="Your public teacher card on the booking pages.">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-full bg-slate-100 ring-4 ring-white shadow">
          {pendingPhoto || profile.image_url ? (
            <img
              src={pendingPhoto?.preview ?? profile.image_url ?? undefined}
              alt={pendingPhoto ? "Preview of your new profile photo" : "Your profile"}
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
            {isSaving && pendingPhoto ? "Uploading..." : "Upload Photo"}
          </label>
          <p className="mt-1.5 text-xs text-slate-500">{PHOTO_HINT}</p>
          {pendingPhoto && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm text-amber-800" role="status">
              <span>New photo: stored when you click Save Changes.</span>
              <button
                type="button"
                className="font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-900"
                onClick={() => onPendingPhoto(null)}
              >
                Keep current photo
              </button>
            </p>
          )}
        </div>
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required {...field.text("name")} />
        <TextField label="Email" type="email" required {...field.text("email")} />
        <TextField label="Phone" type="tel" {...field.text("phone")} />
        <TextAreaField className="sm:col-span-2" label="Bio" rows={4} {...field.text("bio")} />
        <div className="sm:col-span-2">
          <SelectField
            label="Specializations"
            value={pick}
            onChange={(e) => {
              const value = e.target.value;
              if (value) set("profile", { specializations: [...profile.specializations, value] });
              setPick("");
            }}
            options={available.map((s) => ({ value: s, label: s }))}
            placeholder={available.length ? "Add a specialization..." : "All specializations chosen"}
            disabled={available.length === 0}
          />
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Chosen specializations">
            {profile.specializations.map((s) => (
              <li key={s}>
                <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm font-medium text-blue-900 ring-1 ring-blue-200">
                  {s}
                  <button
                    type="button"
                    onClick={() => set("profile", { specializations: profile.specializations.filter((x) => x !== s) })}
                    className="grid h-6 w-6 place-items-center rounded-full text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                    aria-label={`Remove ${s}`}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
            {profile.specializations.length === 0 && <Badge>None chosen</Badge>}
          </ul>
        </div>
      </div>
    </SettingsCard>
  );
}
