// Settings' cards: the frame of each, and the Business Configuration and System Preferences cards.
import type { ReactNode } from "react";
import {
  BUFFER_OPTIONS,
  CANCELLATION_POLICY_OPTIONS,
  DATE_FORMAT_OPTIONS,
  LESSON_DURATION_OPTIONS,
  MAX_ADVANCE_OPTIONS,
  MAX_PENDING_LESSONS_LIMIT,
  RELEASE_PENDING_HOURS_OPTIONS,
  TIME_FORMAT_OPTIONS,
  TIMEZONE_OPTIONS,
} from "../../../../shared/constants.ts";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../../shared/i18n/locales.ts";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import type { AdminSettings } from "./admin-api.ts";

/** Patches one card's part of the settings form. */
export type SetSettings = <K extends keyof AdminSettings>(card: K, patch: Partial<AdminSettings[K]>) => void;

const opts = <T extends string | number>(values: readonly T[], label: (v: T) => string = String) =>
  values.map((v) => ({ value: String(v), label: label(v) }));

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mb-5 text-sm text-slate-600">{description}</p>
      {children}
    </Card>
  );
}

export function BusinessCard({ business, set }: { business: AdminSettings["business"]; set: SetSettings }) {
  const field = bindFields(business, (patch) => set("business", patch));
  return (
    <SettingsCard title="Business Configuration" description="Shapes what the booking pages offer.">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Default lesson duration"
          hint="The default length of new availability slots."
          {...field.number("defaultLessonDuration")}
          options={opts(LESSON_DURATION_OPTIONS, (v) => `${v} minutes`)}
        />
        <SelectField
          label="Buffer between lessons"
          {...field.number("bufferBetweenLessons")}
          options={opts(BUFFER_OPTIONS, (v) => `${v} minutes`)}
        />
        <SelectField
          label="Maximum advance booking"
          {...field.number("maxAdvanceBooking")}
          options={opts(MAX_ADVANCE_OPTIONS, (v) => `${v} days`)}
        />
        <SelectField
          label="Cancellation policy"
          hint="Notice a student's cancellation needs."
          {...field.text("cancellationPolicy")}
          options={opts(CANCELLATION_POLICY_OPTIONS)}
        />
        <SelectField label="Timezone" {...field.text("timezone")} options={opts(TIMEZONE_OPTIONS)} />
        <TextField
          label="Default meeting link"
          type="url"
          inputMode="url"
          placeholder="https://meet.google.com/..."
          hint="Filled into new online lessons."
          value={business.defaultMeetingLink ?? ""}
          onChange={(e) => set("business", { defaultMeetingLink: e.target.value || null })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label="Payment instructions"
          rows={3}
          maxLength={2000}
          placeholder="Bank transfer: IBAN IT60 X054 2811 1010 0000 0123 456 (Giulia Rossi), or PayPal / Satispay handle"
          hint="Shown with the amount due on the booking confirmation and in the booking email."
          value={business.paymentInstructions ?? ""}
          onChange={(e) => set("business", { paymentInstructions: e.target.value })}
        />
        <PendingLessonsFields business={business} set={set} />
      </div>
    </SettingsCard>
  );
}

const hoursLabel = (hours: number) => (hours === 168 ? "After 1 week" : `After ${hours} hours`);

/**
 * How many unpaid lessons one student may keep waiting for you (empty: the largest package, the
 * number the hint shows), and whether requests you leave unconfirmed are released by themselves.
 */
function PendingLessonsFields({ business, set }: { business: AdminSettings["business"]; set: SetSettings }) {
  const largest = business.largestPackageLessons;
  const cap = business.maxPendingLessons ?? largest;
  const release = business.releasePendingAfterHours;
  // A wait saved through the API that the list does not offer is still shown as it is.
  const waits: readonly number[] =
    release === null || (RELEASE_PENDING_HOURS_OPTIONS as readonly number[]).includes(release)
      ? RELEASE_PENDING_HOURS_OPTIONS
      : [...RELEASE_PENDING_HOURS_OPTIONS, release].sort((a, b) => a - b);
  return (
    <>
      <TextField
        label="Unpaid pending lessons per student"
        type="number"
        inputMode="numeric"
        min={largest ?? 1}
        max={MAX_PENDING_LESSONS_LIMIT}
        step={1}
        placeholder={largest === null ? "" : `${largest} (largest package)`}
        hint={
          cap === null
            ? "No limit applies until a package is on offer."
            : `A student can keep at most ${cap} unpaid lessons waiting for you; more can be booked once you confirm them or they are paid.${
                business.maxPendingLessons === null ? " Empty: as many as the largest package." : ""
              }`
        }
        value={business.maxPendingLessons ?? ""}
        onChange={(e) => set("business", { maxPendingLessons: e.target.value === "" ? null : Number(e.target.value) })}
      />
      <SelectField
        label="Release unconfirmed requests"
        hint="Unpaid lessons you have not confirmed in time are cancelled, the time is free again and the student is emailed."
        value={release === null ? "" : String(release)}
        onChange={(e) =>
          set("business", { releasePendingAfterHours: e.target.value === "" ? null : Number(e.target.value) })
        }
        placeholder="Never: I confirm or decline each one"
        options={opts(waits, hoursLabel)}
      />
    </>
  );
}

export function SystemCard({ system, set }: { system: AdminSettings["system"]; set: SetSettings }) {
  const field = bindFields(system, (patch) => set("system", patch));
  return (
    <SettingsCard
      title="System Preferences"
      description="How the admin screens show dates and times, and how bookings arrive."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Date format" {...field.text("dateFormat")} options={opts(DATE_FORMAT_OPTIONS)} />
        <SelectField
          label="Time format"
          {...field.text("timeFormat")}
          options={opts(TIME_FORMAT_OPTIONS, (v) => (v === "12h" ? "12-hour (2:30 PM)" : "24-hour (14:30)"))}
        />
        <SelectField
          label="Language of your emails"
          hint="The emails the site sends you: new bookings, requests, messages."
          value={system.teacherLocale}
          onChange={(e) => {
            const locale = e.target.value;
            if (isLocale(locale)) set("system", { teacherLocale: locale });
          }}
          options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        />
        <CheckboxField
          className="sm:col-span-2"
          label="Auto-confirm bookings"
          hint="New bookings are confirmed at once instead of waiting for you."
          {...field.checked("autoConfirmBookings")}
        />
      </div>
    </SettingsCard>
  );
}
