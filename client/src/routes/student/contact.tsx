import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AFTER_HOURS_TEXT, TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { formatTime } from "../../../../shared/i18n/format.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ClockIcon, MailIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ChatIcon, CopyIcon, PhoneIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { DEFAULT_CONTACT } from "../../features/landing/content.ts";
import { mailLink } from "../../features/portal/contact-links.ts";
import { usePortalCopyTexts, usePublicContact } from "../../features/portal/portal-api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useCopy } from "../../lib/use-copy.ts";
import { phoneDigits, whatsappLink } from "../../lib/whatsapp.ts";
import { trpc } from "../../trpc.ts";

/** 22:00 on a fixed day, formatted as a wall-clock time ("10:00 PM", "22:00"): the hour the teacher answers until. */
const UNTIL_10_PM = new Date(2000, 0, 1, 22, 0);

/** A way to reach the teacher: its value, a Copy button and the link that uses it. */
function CopyableContact({
  icon,
  label,
  value,
  breakAll = false,
  copied,
  onCopy,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  /** An address with no spaces may break anywhere on a narrow screen. */
  breakAll?: boolean;
  copied: boolean;
  onCopy: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-500">
        {icon} {label}
      </dt>
      <dd className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <span className={`text-lg font-semibold ${breakAll ? "break-all " : ""}text-slate-900 sm:mr-auto`}>
          {value}
        </span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onCopy}>
            <CopyIcon className="h-4 w-4" /> {copied ? t("portal.copy.copied") : t("portal.copy.copy")}
          </Button>
          {children}
        </span>
      </dd>
    </div>
  );
}

export function ContactPage() {
  const t = useT();
  const locale = useLocale();
  const config = usePublicContact();
  const teachers = useQuery({ ...trpc.booking.teachers.queryOptions(), staleTime: 5 * 60_000 });
  const teacher = teachers.data?.[0];
  const status = useStudentStatus();
  const { copy, copiedKey } = useCopy(usePortalCopyTexts());
  if (config.isPending) return <Spinner label={t("portal.contact.loading")} />;

  // Public config failure: the configured defaults, and the spec's notice.
  const failed = config.isError;
  const custom = config.data?.availabilityText;
  const contact = {
    phone: config.data?.phone?.trim() || DEFAULT_CONTACT.phone,
    email: config.data?.email?.trim() || DEFAULT_CONTACT.email,
    // The teacher's own words from the settings; the specification's default in the page's language.
    availabilityText: custom && custom !== AFTER_HOURS_TEXT ? custom : t("portal.contact.afterHours"),
  };
  const name = status.data?.user?.name ?? "";
  const hasPhone = phoneDigits(contact.phone).length > 0;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("portal.nav.contact")} subtitle={t("portal.contact.subtitle")} />
      {failed && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t("portal.contact.failed")}
        </p>
      )}

      <div className="grid gap-6 md:grid-cols-5">
        <Card className="p-5 sm:p-6 md:col-span-3">
          <div className="flex items-center gap-4">
            <span
              className="grid h-14 w-14 shrink-0 place-items-center overflow-hidden rounded-full bg-blue-900 text-xl font-bold text-white"
              aria-hidden="true"
            >
              {teacher?.image_url ? (
                <img src={teacher.image_url} alt="" className="h-full w-full object-cover" />
              ) : (
                (teacher?.name ?? "G")[0]
              )}
            </span>
            <div>
              <h2 className="text-lg font-semibold text-slate-900">
                {teacher?.name ?? t("portal.contact.yourTeacher")}
              </h2>
              <p className="text-sm text-slate-600">{t("portal.contact.teacherRole")}</p>
            </div>
          </div>

          <dl className="mt-6 space-y-5">
            <CopyableContact
              icon={<PhoneIcon className="h-4 w-4" />}
              label={t("portal.contact.whatsapp")}
              value={contact.phone}
              copied={copiedKey === "phone"}
              onCopy={() =>
                copy(contact.phone, {
                  key: "phone",
                  successMessage: t("portal.copy.done"),
                  description: t("portal.contact.phoneCopied"),
                })
              }
            >
              {hasPhone && (
                <a
                  href={whatsappLink(contact.phone, t("portal.contact.greeting"))}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ size: "sm" })}
                >
                  <ChatIcon className="h-4 w-4" /> {t("portal.contact.chat")}
                </a>
              )}
            </CopyableContact>
            <CopyableContact
              icon={<MailIcon className="h-4 w-4" />}
              label={t("portal.contact.email")}
              value={contact.email}
              breakAll
              copied={copiedKey === "email"}
              onCopy={() =>
                copy(contact.email, {
                  key: "email",
                  successMessage: t("portal.copy.done"),
                  description: t("portal.contact.emailCopied"),
                })
              }
            >
              <a
                href={mailLink(contact.email, t("portal.contact.mailSubject"), t("portal.contact.mailBody", { name }))}
                className={buttonClasses({ size: "sm" })}
              >
                <MailIcon className="h-4 w-4" /> {t("portal.contact.send")}
              </a>
            </CopyableContact>
            <div>
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-500">
                <ClockIcon className="h-4 w-4" /> {t("portal.contact.timezone")}
              </dt>
              <dd className="mt-1 text-slate-900">
                {t("portal.contact.availableUntil", {
                  zone: config.data?.timezone ?? TEACHER_TIMEZONE,
                  time: formatTime(locale, UNTIL_10_PM),
                })}
              </dd>
            </div>
          </dl>
          <p className="mt-6 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            {t("portal.contact.replies")} {contact.availabilityText}
          </p>
        </Card>

        <Card className="p-5 sm:p-6 md:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">{t("portal.contact.guidelines")}</h2>
          <ul className="mt-4 space-y-4 text-sm text-slate-700">
            <li>
              <p className="font-semibold text-slate-900">{t("portal.contact.technical")}</p>
              <p>{t("portal.contact.technicalText")}</p>
            </li>
            <li>
              <p className="font-semibold text-slate-900">{t("portal.contact.rescheduling")}</p>
              <p>{t("portal.contact.reschedulingText")}</p>
            </li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
