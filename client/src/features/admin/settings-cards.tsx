// Settings' cards: the frame of each, and the Business Configuration and System Preferences cards.
import type { ChangeEvent, ReactNode } from "react";
import {
  ATTENDANCE_AUTO_HOURS_LIMIT,
  CANCELLATION_POLICY_OPTIONS,
  CREDIT_EXPIRY_MONTHS_LIMIT,
  MAX_PENDING_LESSONS_LIMIT,
  PAYMENT_REMINDER_DAYS_LIMIT,
  WAITLIST_HOLD_HOURS_LIMIT,
} from "../../../../shared/constants.ts";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import {
  BUFFER_OPTIONS,
  DATE_FORMAT_OPTIONS,
  LESSON_DURATION_OPTIONS,
  MAX_ADVANCE_OPTIONS,
  RELEASE_PENDING_HOURS_OPTIONS,
  TIME_FORMAT_OPTIONS,
  TIMEZONE_OPTIONS,
} from "../../../../shared/settings-options.ts";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
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

/** The cancellation policies as stored, named in the page's language. */
const POLICY_LABELS: Record<(typeof CANCELLATION_POLICY_OPTIONS)[number], MessageKey> = {
  "24 hours": "admin.settings.business.policy.24",
  "48 hours": "admin.settings.business.policy.48",
  "72 hours": "admin.settings.business.policy.72",
  "1 week": "admin.settings.business.policy.week",
};
const MEET_LINK_EXAMPLE = "https://meet.google.com/...";

export function BusinessCard({ business, set }: { business: AdminSettings["business"]; set: SetSettings }) {
  const t = useT();
  const field = bindFields(business, (patch) => set("business", patch));
  return (
    <SettingsCard title={t("admin.settings.business.title")} description={t("admin.settings.business.text")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin.settings.business.duration")}
          hint={t("admin.settings.business.durationHint")}
          {...field.number("defaultLessonDuration")}
          options={opts(LESSON_DURATION_OPTIONS, (v) => t("admin.settings.business.minutes", { count: v }))}
        />
        <SelectField
          label={t("admin.settings.business.buffer")}
          {...field.number("bufferBetweenLessons")}
          options={opts(BUFFER_OPTIONS, (v) => t("admin.settings.business.minutes", { count: v }))}
        />
        <SelectField
          label={t("admin.settings.business.maxAdvance")}
          {...field.number("maxAdvanceBooking")}
          options={opts(MAX_ADVANCE_OPTIONS, (v) => t("admin.settings.business.days", { count: v }))}
        />
        <SelectField
          label={t("admin.settings.business.cancellation")}
          hint={t("admin.settings.business.cancellationHint")}
          {...field.text("cancellationPolicy")}
          options={opts(CANCELLATION_POLICY_OPTIONS, (v) => t(POLICY_LABELS[v]))}
        />
        <SelectField
          label={t("admin.settings.business.timezone")}
          {...field.text("timezone")}
          options={opts(TIMEZONE_OPTIONS)}
        />
        <TextField
          label={t("admin.settings.business.meetingLink")}
          type="url"
          inputMode="url"
          placeholder={MEET_LINK_EXAMPLE}
          hint={t("admin.settings.business.meetingLinkHint")}
          value={business.defaultMeetingLink ?? ""}
          onChange={(e) => set("business", { defaultMeetingLink: e.target.value || null })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("admin.settings.business.payment")}
          rows={3}
          maxLength={2000}
          placeholder={t("admin.settings.business.paymentPlaceholder")}
          hint={t("admin.settings.business.paymentHint")}
          value={business.paymentInstructions ?? ""}
          onChange={(e) => set("business", { paymentInstructions: e.target.value })}
        />
        <PendingLessonsFields business={business} set={set} />
      </div>
    </SettingsCard>
  );
}

/**
 * How many unpaid lessons one student may keep waiting for you (empty: the largest package, the
 * number the hint shows), whether requests you leave unconfirmed are released by themselves, and
 * how long a package's lessons stay valid (issue 30's lesson credits).
 */
/** A required whole number between `min` and `max`, as the settings' counts of days, hours and months are. */
function wholeNumber(value: number, min: number, max: number, onChange: (value: number) => void) {
  return {
    type: "number",
    inputMode: "numeric",
    min,
    max,
    step: 1,
    required: true,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(Number(e.target.value)),
  } as const;
}

function PendingLessonsFields({ business, set }: { business: AdminSettings["business"]; set: SetSettings }) {
  const t = useT();
  const hoursLabel = (hours: number) =>
    hours === 168 ? t("admin.settings.business.afterWeek") : t("admin.settings.business.afterHours", { count: hours });
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
        label={t("admin.settings.business.cap")}
        type="number"
        inputMode="numeric"
        min={largest ?? 1}
        max={MAX_PENDING_LESSONS_LIMIT}
        step={1}
        placeholder={largest === null ? "" : t("admin.settings.business.capPlaceholder", { count: largest })}
        hint={
          cap === null
            ? t("admin.settings.business.capNone")
            : t("admin.settings.business.capHint", { cap, empty: business.maxPendingLessons === null ? "yes" : "no" })
        }
        value={business.maxPendingLessons ?? ""}
        onChange={(e) => set("business", { maxPendingLessons: e.target.value === "" ? null : Number(e.target.value) })}
      />
      <SelectField
        label={t("admin.settings.business.release")}
        hint={t("admin.settings.business.releaseHint")}
        value={release === null ? "" : String(release)}
        onChange={(e) =>
          set("business", { releasePendingAfterHours: e.target.value === "" ? null : Number(e.target.value) })
        }
        placeholder={t("admin.settings.business.releaseNever")}
        options={opts(waits, hoursLabel)}
      />
      <TextField
        label={t("admin.settings.business.creditExpiry")}
        hint={t("admin.settings.business.creditExpiryHint")}
        {...wholeNumber(business.creditExpiryMonths, 1, CREDIT_EXPIRY_MONTHS_LIMIT, (creditExpiryMonths) =>
          set("business", { creditExpiryMonths }),
        )}
      />
      <TextField
        label={t("admin.settings.business.paymentReminder")}
        hint={t("admin.settings.business.paymentReminderHint")}
        {...wholeNumber(business.paymentReminderDays, 0, PAYMENT_REMINDER_DAYS_LIMIT, (paymentReminderDays) =>
          set("business", { paymentReminderDays }),
        )}
      />
      <TextField
        label={t("admin.settings.business.attendanceAuto")}
        hint={t("admin.settings.business.attendanceAutoHint")}
        {...wholeNumber(business.attendanceAutoHours, 0, ATTENDANCE_AUTO_HOURS_LIMIT, (attendanceAutoHours) =>
          set("business", { attendanceAutoHours }),
        )}
      />
      <TextField
        label={t("admin.settings.business.waitlistHold")}
        hint={t("admin.settings.business.waitlistHoldHint")}
        {...wholeNumber(business.waitlistHoldHours, 1, WAITLIST_HOLD_HOURS_LIMIT, (waitlistHoldHours) =>
          set("business", { waitlistHoldHours }),
        )}
      />
    </>
  );
}

export function SystemCard({ system, set }: { system: AdminSettings["system"]; set: SetSettings }) {
  const t = useT();
  // The two formats are English's choices: other languages read their own (admin-format.ts).
  const formatsHint = useLocale() === "en" ? undefined : t("admin.settings.system.italianFormats");
  const field = bindFields(system, (patch) => set("system", patch));
  return (
    <SettingsCard title={t("admin.settings.system.title")} description={t("admin.settings.system.text")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin.settings.system.dateFormat")}
          hint={formatsHint}
          {...field.text("dateFormat")}
          options={opts(DATE_FORMAT_OPTIONS)}
        />
        <SelectField
          label={t("admin.settings.system.timeFormat")}
          {...field.text("timeFormat")}
          options={opts(TIME_FORMAT_OPTIONS, (v) =>
            t(v === "12h" ? "admin.settings.system.12h" : "admin.settings.system.24h"),
          )}
        />
        <SelectField
          label={t("admin.settings.system.emailLanguage")}
          hint={t("admin.settings.system.emailLanguageHint")}
          value={system.teacherLocale}
          onChange={(e) => {
            const locale = e.target.value;
            if (isLocale(locale)) set("system", { teacherLocale: locale });
          }}
          options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        />
        <CheckboxField
          className="sm:col-span-2"
          label={t("admin.settings.system.autoConfirm")}
          hint={t("admin.settings.system.autoConfirmHint")}
          {...field.checked("autoConfirmBookings")}
        />
      </div>
    </SettingsCard>
  );
}
