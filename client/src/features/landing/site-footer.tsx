import type { ReactNode } from "react";
import { ChatDotsIcon, MailIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { whatsappLink } from "../../lib/whatsapp.ts";
import { mailtoLink } from "./content.ts";
import { useContactInfo } from "./use-contact-info.ts";

const LINK_CARD =
  "group flex items-center gap-4 rounded-2xl bg-white/5 p-5 ring-1 ring-white/15 transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300";

/** Footer: the contact-info call's phone (WhatsApp deep link) and email (mail draft). */
export function SiteFooter() {
  const { contact, isPending } = useContactInfo();
  const t = useT();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-blue-950 text-blue-100">
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-10 sm:px-6 lg:px-8">
        <h2 className="mb-4 text-sm font-semibold tracking-[0.16em] text-amber-300 uppercase">
          {t("landing.footer.contactDetails")}
        </h2>
        <address className="grid gap-4 not-italic md:grid-cols-2" aria-busy={isPending}>
          {isPending ? (
            <>
              <ContactSkeleton />
              <ContactSkeleton />
              <span className="sr-only">{t("landing.footer.loading")}</span>
            </>
          ) : (
            <>
              <ContactCard
                href={whatsappLink(contact.phone, t("landing.footer.whatsappGreeting"))}
                external
                icon={<ChatDotsIcon className="h-6 w-6" />}
                label={t("landing.footer.whatsapp")}
                value={contact.phone}
                wrap="break-words"
              />
              <ContactCard
                href={mailtoLink(contact.email, t("landing.footer.emailSubject"))}
                icon={<MailIcon className="h-6 w-6" />}
                label={t("landing.footer.email")}
                value={contact.email}
                wrap="break-all"
              />
            </>
          )}
        </address>

        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid h-9 w-9 place-items-center rounded-xl bg-amber-400 font-display text-lg font-bold text-blue-950"
            >
              G
            </span>
            <p className="leading-tight">
              <span className="block font-semibold text-white">{t("common.siteName")}</span>
              <span className="text-blue-200">{t("landing.footer.tagline")}</span>
            </p>
          </div>
          <p className="text-blue-200">
            © {year} {t("common.siteName")} · {t("landing.footer.prices")}
            <span aria-hidden="true" className="hidden sm:inline">
              {" · "}
            </span>
            <Link
              to="/privacy"
              className="mt-1 block w-fit rounded font-semibold sm:mt-0 sm:inline text-white underline underline-offset-2 hover:text-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
            >
              {t("common.privacyNotice")}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}

/** One way to reach the teacher: its icon, what it is, and the number or address itself. */
function ContactCard({
  href,
  external = false,
  icon,
  label,
  value,
  wrap,
}: {
  href: string;
  /** Opens in a new tab (WhatsApp). */
  external?: boolean;
  icon: ReactNode;
  label: string;
  value: string;
  /** How a long value breaks: a phone number between words, an address anywhere. */
  wrap: "break-words" | "break-all";
}) {
  return (
    <a href={href} className={LINK_CARD} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-amber-400 text-slate-900">{icon}</span>
      <span className="min-w-0">
        <span className="block text-sm text-blue-200">{label}</span>
        <span className={`block text-lg font-semibold ${wrap} text-white group-hover:underline`}>{value}</span>
      </span>
    </a>
  );
}

function ContactSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-4 rounded-2xl bg-white/5 p-5 ring-1 ring-white/15">
      <span className="h-12 w-12 shrink-0 rounded-xl bg-white/10" />
      <span className="flex-1 space-y-2">
        <span className="block h-3 w-24 rounded bg-white/10 motion-safe:animate-pulse" />
        <span className="block h-4 w-48 max-w-full rounded bg-white/15 motion-safe:animate-pulse" />
      </span>
    </div>
  );
}
