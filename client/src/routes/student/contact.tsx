import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AFTER_HOURS_TEXT, TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ClockIcon, MailIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ChatIcon, CopyIcon, PhoneIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { DEFAULT_CONTACT } from "../../features/landing/content.ts";
import { GREETING_MESSAGE, mailLink } from "../../features/portal/contact-links.ts";
import { usePublicContact } from "../../features/portal/portal-api.ts";
import { useCopy } from "../../lib/use-copy.ts";
import { phoneDigits, whatsappLink } from "../../lib/whatsapp.ts";
import { trpc } from "../../trpc.ts";

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
            <CopyIcon className="h-4 w-4" /> {copied ? "Copied" : "Copy"}
          </Button>
          {children}
        </span>
      </dd>
    </div>
  );
}

export function ContactPage() {
  const config = usePublicContact();
  const teachers = useQuery({ ...trpc.booking.teachers.queryOptions(), staleTime: 5 * 60_000 });
  const teacher = teachers.data?.[0];
  const status = useStudentStatus();
  const { copy, copiedKey } = useCopy();
  if (config.isPending) return <Spinner label="Loading contact information" />;

  // Public config failure: the configured defaults, and the spec's notice.
  const failed = config.isError;
  const contact = {
    phone: config.data?.phone?.trim() || DEFAULT_CONTACT.phone,
    email: config.data?.email?.trim() || DEFAULT_CONTACT.email,
    availabilityText: config.data?.availabilityText || AFTER_HOURS_TEXT,
  };
  const name = status.data?.user?.name ?? "";
  const hasPhone = phoneDigits(contact.phone).length > 0;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Contact Us"
        subtitle="Questions about a lesson, your homework or your package? Giulia is happy to help."
      />
      {failed && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          Failed to load contact information. Please refresh the page.
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
              <h2 className="text-lg font-semibold text-slate-900">{teacher?.name ?? "Your teacher"}</h2>
              <p className="text-sm text-slate-600">Your English teacher in Milano</p>
            </div>
          </div>

          <dl className="mt-6 space-y-5">
            <CopyableContact
              icon={<PhoneIcon className="h-4 w-4" />}
              label="WhatsApp"
              value={contact.phone}
              copied={copiedKey === "phone"}
              onCopy={() => copy(contact.phone, { key: "phone", item: "Phone number" })}
            >
              {hasPhone && (
                <a
                  href={whatsappLink(contact.phone, GREETING_MESSAGE)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ size: "sm" })}
                >
                  <ChatIcon className="h-4 w-4" /> Chat
                </a>
              )}
            </CopyableContact>
            <CopyableContact
              icon={<MailIcon className="h-4 w-4" />}
              label="Email"
              value={contact.email}
              breakAll
              copied={copiedKey === "email"}
              onCopy={() => copy(contact.email, { key: "email", item: "Email address" })}
            >
              <a
                href={mailLink(contact.email, "Question from a student", `Hi Giulia,\n\n\n\nThank you,\n${name}`)}
                className={buttonClasses({ size: "sm" })}
              >
                <MailIcon className="h-4 w-4" /> Send
              </a>
            </CopyableContact>
            <div>
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-500">
                <ClockIcon className="h-4 w-4" /> Timezone
              </dt>
              <dd className="mt-1 text-slate-900">
                {config.data?.timezone ?? TEACHER_TIMEZONE} · available until 10:00 PM
              </dd>
            </div>
          </dl>
          <p className="mt-6 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            Giulia usually replies within a few hours. {contact.availabilityText}
          </p>
        </Card>

        <Card className="p-5 sm:p-6 md:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">Contact Guidelines</h2>
          <ul className="mt-4 space-y-4 text-sm text-slate-700">
            <li>
              <p className="font-semibold text-slate-900">Technical issues</p>
              <p>
                Send a message with the details of the problem: what you tried, what happened, and a screenshot if you
                can.
              </p>
            </li>
            <li>
              <p className="font-semibold text-slate-900">Rescheduling</p>
              <p>
                Send a message or an email with your preferred new time. Package lessons can also be cancelled from My
                Lessons, within the policy.
              </p>
            </li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
