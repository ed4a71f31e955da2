// Settings' cards: the frame of each, and the Business Configuration and System Preferences cards.
import type { ReactNode } from "react";
import {
  BUFFER_OPTIONS,
  CANCELLATION_POLICY_OPTIONS,
  DATE_FORMAT_OPTIONS,
  LESSON_DURATION_OPTIONS,
  MAX_ADVANCE_OPTIONS,
  TIME_FORMAT_OPTIONS,
  TIMEZONE_OPTIONS,
} from "../../../../shared/constants.ts";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field.tsx";
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
  return (
    <SettingsCard title="Business Configuration" description="Shapes what the booking pages offer.">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Default lesson duration"
          hint="The default length of new availability slots."
          value={String(business.defaultLessonDuration)}
          onChange={(e) => set("business", { defaultLessonDuration: Number(e.target.value) })}
          options={opts(LESSON_DURATION_OPTIONS, (v) => `${v} minutes`)}
        />
        <SelectField
          label="Buffer between lessons"
          value={String(business.bufferBetweenLessons)}
          onChange={(e) => set("business", { bufferBetweenLessons: Number(e.target.value) })}
          options={opts(BUFFER_OPTIONS, (v) => `${v} minutes`)}
        />
        <SelectField
          label="Maximum advance booking"
          value={String(business.maxAdvanceBooking)}
          onChange={(e) => set("business", { maxAdvanceBooking: Number(e.target.value) })}
          options={opts(MAX_ADVANCE_OPTIONS, (v) => `${v} days`)}
        />
        <SelectField
          label="Cancellation policy"
          hint="Notice a student's cancellation needs."
          value={business.cancellationPolicy}
          onChange={(e) => set("business", { cancellationPolicy: e.target.value })}
          options={opts(CANCELLATION_POLICY_OPTIONS)}
        />
        <SelectField
          label="Timezone"
          value={business.timezone}
          onChange={(e) => set("business", { timezone: e.target.value })}
          options={opts(TIMEZONE_OPTIONS)}
        />
        <TextField
          label="Default meeting link"
          type="url"
          inputMode="url"
          placeholder="https://meet.google.com/..."
          hint="Filled into new online lessons."
          value={business.defaultMeetingLink ?? ""}
          onChange={(e) => set("business", { defaultMeetingLink: e.target.value || null })}
        />
      </div>
    </SettingsCard>
  );
}

export function SystemCard({ system, set }: { system: AdminSettings["system"]; set: SetSettings }) {
  return (
    <SettingsCard
      title="System Preferences"
      description="How the admin screens show dates and times, and how bookings arrive."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Date format"
          value={system.dateFormat}
          onChange={(e) => set("system", { dateFormat: e.target.value })}
          options={opts(DATE_FORMAT_OPTIONS)}
        />
        <SelectField
          label="Time format"
          value={system.timeFormat}
          onChange={(e) => set("system", { timeFormat: e.target.value })}
          options={opts(TIME_FORMAT_OPTIONS, (v) => (v === "12h" ? "12-hour (2:30 PM)" : "24-hour (14:30)"))}
        />
        <CheckboxField
          className="sm:col-span-2"
          label="Auto-confirm bookings"
          hint="New bookings are confirmed at once instead of waiting for you."
          checked={system.autoConfirmBookings}
          onChange={(e) => set("system", { autoConfirmBookings: e.target.checked })}
        />
      </div>
    </SettingsCard>
  );
}
