// Admin Settings (panel 7): Profile Information (the teacher's own public card), Business
// Configuration and System Preferences (the site's), with every option of spec §9.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  BUFFER_OPTIONS,
  CANCELLATION_POLICY_OPTIONS,
  DATE_FORMAT_OPTIONS,
  LESSON_DURATION_OPTIONS,
  MAX_ADVANCE_OPTIONS,
  PROFILE_PHOTO_MAX_BYTES,
  SPECIALIZATIONS,
  TIME_FORMAT_OPTIONS,
  TIMEZONE_OPTIONS,
} from "../../../../shared/constants.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { upload } from "../../lib/api.ts";
import { type RouterInputs, trpc, trpcClient } from "../../trpc.ts";
import { type AdminSettings, serverMessage, useAdminFailure } from "./admin-api.ts";
import { useAdminSettingsQuery } from "./admin-format.ts";

type SettingsInput = RouterInputs["admin"]["settings"]["update"]["settings"];

/** The photo upload of a Save Changes failed: shown with the spec's photo texts, not the save's. */
class PhotoUploadError extends Error {}

const opts = <T extends string | number>(values: readonly T[], label: (v: T) => string = String) =>
  values.map((v) => ({ value: String(v), label: label(v) }));

function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mb-5 text-sm text-slate-600">{description}</p>
      {children}
    </Card>
  );
}

export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const query = useAdminSettingsQuery();
  const [form, setForm] = useState<AdminSettings | null>(null);
  const [pick, setPick] = useState("");
  // A chosen photo is only previewed (a data: URL, which the CSP allows for images) until Save
  // Changes uploads and stores it.
  const [pendingPhoto, setPendingPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (query.data && !form) setForm(structuredClone(query.data.settings));
  }, [query.data, form]);
  useEffect(() => {
    if (query.error) fail(query.error, "Failed to load settings.");
  }, [query.error, fail]);

  const save = useMutation({
    mutationFn: async ({ settings, photo }: { settings: AdminSettings; photo: File | null }) => {
      let next = settings;
      if (photo) {
        const data = new FormData();
        data.append("type", "profile");
        data.append("file", photo);
        try {
          const { imageUrl } = await upload<{ imageUrl: string }>("/files/upload-profile-photo", data);
          next = { ...settings, profile: { ...settings.profile, image_url: imageUrl } };
        } catch (e) {
          throw new PhotoUploadError(e instanceof Error ? e.message : "");
        }
      }
      // The form holds the saved values and the options' strings; the server checks each one
      // against its schema, and a refusal's message is shown below the form.
      const result = await trpcClient.admin.settings.update.mutate({ settings: next as SettingsInput });
      return { result, photoSaved: Boolean(photo) };
    },
    onSuccess: ({ result, photoSaved }) => {
      queryClient.setQueryData(trpc.admin.settings.get.queryKey(), { settings: result.settings });
      setForm(structuredClone(result.settings));
      setPendingPhoto(null);
      if (photoSaved) {
        toast({ title: "Success", description: "Profile photo uploaded successfully!", variant: "success" });
      }
      toast({ title: "Success", description: "Settings saved successfully!", variant: "success" });
    },
    onError: (e) => {
      if (e instanceof PhotoUploadError) {
        toast({
          title: e.message ? "Upload Failed" : "Error",
          description: e.message || "Failed to upload profile photo.",
          variant: "destructive",
        });
        return;
      }
      setError(serverMessage(e));
      fail(e, "Failed to save settings.");
    },
  });

  if (query.isPending || !form)
    return query.isError ? (
      <p className="text-red-700">Failed to load settings.</p>
    ) : (
      <Spinner label="Loading settings" />
    );

  const set = <K extends keyof AdminSettings>(card: K, patch: Partial<AdminSettings[K]>) =>
    setForm({ ...form, [card]: { ...form[card], ...patch } });
  const available = SPECIALIZATIONS.filter((s) => !form.profile.specializations.includes(s));

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    if (photoInput.current) photoInput.current.value = "";
    if (!file.type.startsWith("image/")) {
      toast({ title: "Invalid File", description: "Please select an image file.", variant: "destructive" });
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      toast({
        title: "File Too Large",
        description: "Please select an image smaller than 5MB.",
        variant: "destructive",
      });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === "string") setPendingPhoto({ file, preview: reader.result });
    };
    reader.onerror = () =>
      toast({ title: "Error", description: "Failed to upload profile photo.", variant: "destructive" });
    reader.readAsDataURL(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({ settings: form, photo: pendingPhoto?.file ?? null });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Admin settings">
      <SettingsCard title="Profile Information" description="Your public teacher card on the booking pages.">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <div className="h-24 w-24 shrink-0 overflow-hidden rounded-full bg-slate-100 ring-4 ring-white shadow">
            {pendingPhoto || form.profile.image_url ? (
              <img
                src={pendingPhoto?.preview ?? form.profile.image_url ?? undefined}
                alt={pendingPhoto ? "Preview of your new profile photo" : "Your profile"}
                className="h-full w-full object-cover"
              />
            ) : (
              <span
                className="grid h-full w-full place-items-center text-3xl font-bold text-slate-500"
                aria-hidden="true"
              >
                {form.profile.name.slice(0, 1)}
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
              {save.isPending && pendingPhoto ? "Uploading..." : "Upload Photo"}
            </label>
            <p className="mt-1.5 text-xs text-slate-500">PNG, JPG, GIF up to 5MB</p>
            {pendingPhoto && (
              <p className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm text-amber-800" role="status">
                <span>New photo: stored when you click Save Changes.</span>
                <button
                  type="button"
                  className="font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-900"
                  onClick={() => setPendingPhoto(null)}
                >
                  Keep current photo
                </button>
              </p>
            )}
          </div>
        </div>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            required
            value={form.profile.name}
            onChange={(e) => set("profile", { name: e.target.value })}
          />
          <TextField
            label="Email"
            type="email"
            required
            value={form.profile.email}
            onChange={(e) => set("profile", { email: e.target.value })}
          />
          <TextField
            label="Phone"
            type="tel"
            value={form.profile.phone}
            onChange={(e) => set("profile", { phone: e.target.value })}
          />
          <TextAreaField
            className="sm:col-span-2"
            label="Bio"
            rows={4}
            value={form.profile.bio}
            onChange={(e) => set("profile", { bio: e.target.value })}
          />
          <div className="sm:col-span-2">
            <SelectField
              label="Specializations"
              value={pick}
              onChange={(e) => {
                const value = e.target.value;
                if (value) set("profile", { specializations: [...form.profile.specializations, value] });
                setPick("");
              }}
              options={available.map((s) => ({ value: s, label: s }))}
              placeholder={available.length ? "Add a specialization..." : "All specializations chosen"}
              disabled={available.length === 0}
            />
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Chosen specializations">
              {form.profile.specializations.map((s) => (
                <li key={s}>
                  <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm font-medium text-blue-900 ring-1 ring-blue-200">
                    {s}
                    <button
                      type="button"
                      onClick={() =>
                        set("profile", { specializations: form.profile.specializations.filter((x) => x !== s) })
                      }
                      className="grid h-6 w-6 place-items-center rounded-full text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                      aria-label={`Remove ${s}`}
                    >
                      ×
                    </button>
                  </span>
                </li>
              ))}
              {form.profile.specializations.length === 0 && <Badge>None chosen</Badge>}
            </ul>
          </div>
        </div>
      </SettingsCard>

      <SettingsCard title="Business Configuration" description="Shapes what the booking pages offer.">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Default lesson duration"
            hint="The default length of new availability slots."
            value={String(form.business.defaultLessonDuration)}
            onChange={(e) => set("business", { defaultLessonDuration: Number(e.target.value) })}
            options={opts(LESSON_DURATION_OPTIONS, (v) => `${v} minutes`)}
          />
          <SelectField
            label="Buffer between lessons"
            value={String(form.business.bufferBetweenLessons)}
            onChange={(e) => set("business", { bufferBetweenLessons: Number(e.target.value) })}
            options={opts(BUFFER_OPTIONS, (v) => `${v} minutes`)}
          />
          <SelectField
            label="Maximum advance booking"
            value={String(form.business.maxAdvanceBooking)}
            onChange={(e) => set("business", { maxAdvanceBooking: Number(e.target.value) })}
            options={opts(MAX_ADVANCE_OPTIONS, (v) => `${v} days`)}
          />
          <SelectField
            label="Cancellation policy"
            hint="Notice a student's cancellation needs."
            value={form.business.cancellationPolicy}
            onChange={(e) => set("business", { cancellationPolicy: e.target.value })}
            options={opts(CANCELLATION_POLICY_OPTIONS)}
          />
          <SelectField
            label="Timezone"
            value={form.business.timezone}
            onChange={(e) => set("business", { timezone: e.target.value })}
            options={opts(TIMEZONE_OPTIONS)}
          />
          <TextField
            label="Default meeting link"
            type="url"
            inputMode="url"
            placeholder="https://meet.google.com/..."
            hint="Filled into new online lessons."
            value={form.business.defaultMeetingLink ?? ""}
            onChange={(e) => set("business", { defaultMeetingLink: e.target.value || null })}
          />
        </div>
      </SettingsCard>

      <SettingsCard
        title="System Preferences"
        description="How the admin screens show dates and times, and how bookings arrive."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Date format"
            value={form.system.dateFormat}
            onChange={(e) => set("system", { dateFormat: e.target.value })}
            options={opts(DATE_FORMAT_OPTIONS)}
          />
          <SelectField
            label="Time format"
            value={form.system.timeFormat}
            onChange={(e) => set("system", { timeFormat: e.target.value })}
            options={opts(TIME_FORMAT_OPTIONS, (v) => (v === "12h" ? "12-hour (2:30 PM)" : "24-hour (14:30)"))}
          />
          <CheckboxField
            className="sm:col-span-2"
            label="Auto-confirm bookings"
            hint="New bookings are confirmed at once instead of waiting for you."
            checked={form.system.autoConfirmBookings}
            onChange={(e) => set("system", { autoConfirmBookings: e.target.checked })}
          />
        </div>
      </SettingsCard>

      {error && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_-8px_rgba(15,23,42,0.25)] sm:mx-0 sm:flex-row sm:justify-end sm:rounded-2xl sm:border">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
