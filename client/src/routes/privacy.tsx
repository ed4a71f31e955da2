// The privacy notice (GDPR art. 13): who holds which data, why, for how long, and how to use
// your rights. Public, lazily loaded; the contact details come from the public configuration.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { SiteLogo } from "../components/site-logo.tsx";
import { DEFAULT_CONTACT } from "../features/landing/content.ts";
import { useRichT, useT } from "../lib/i18n.tsx";
import { Link } from "../lib/router.tsx";
import { trpc } from "../trpc.ts";

const SECTIONS = [
  { id: "controller", title: "portal.privacyPage.controller.title" },
  { id: "data", title: "portal.privacyPage.data.title" },
  { id: "purposes", title: "portal.privacyPage.purposes.title" },
  { id: "retention", title: "portal.privacyPage.retention.title" },
  { id: "processors", title: "portal.privacyPage.processors.title" },
  { id: "minors", title: "portal.privacyPage.minors.title" },
  { id: "rights", title: "portal.privacyPage.rights.title" },
] as const;

function usePrivacyContact() {
  const t = useT();
  const config = useQuery({ ...trpc.booking.publicContact.queryOptions(), staleTime: 5 * 60_000 });
  const teachers = useQuery({ ...trpc.booking.teachers.queryOptions(), staleTime: 5 * 60_000 });
  return {
    email: config.data?.email.trim() || DEFAULT_CONTACT.email,
    phone: config.data?.phone.trim() || DEFAULT_CONTACT.phone,
    teacher: teachers.data?.[0]?.name.trim() || t("portal.privacyPage.teacherFallback"),
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-200 py-3 first:border-t-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PrivacyPage() {
  const t = useT();
  const rich = useRichT();
  const { email, phone, teacher } = usePrivacyContact();
  const b = (key: Parameters<typeof t>[0]) => <strong>{t(key)}</strong>;
  const mail = (
    <a className="font-semibold text-blue-900 underline underline-offset-2" href={`mailto:${email}`}>
      {email}
    </a>
  );
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <SiteLogo />
          <div className="flex items-center gap-1">
            <LanguageSwitch className="rounded-lg px-2 py-1 text-sm font-medium text-blue-900 underline underline-offset-2" />
            <Link
              to="/"
              className="rounded-lg px-2 py-1 text-sm font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {t("portal.privacyPage.back")}
            </Link>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="text-sm font-semibold tracking-[0.16em] text-amber-700 uppercase">
          {t("portal.privacyPage.eyebrow")}
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold text-slate-900 sm:text-4xl">{t("common.privacyNotice")}</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("portal.privacyPage.intro")}</p>
        <p className="mt-2 text-sm text-slate-500">{t("portal.privacyPage.updated")}</p>

        <nav
          aria-label={t("portal.privacyPage.onThisPage")}
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 className="text-sm font-semibold text-slate-900">{t("portal.privacyPage.onThisPage")}</h2>
          <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {SECTIONS.map((s, i) => (
              <li key={s.id}>
                <a className="text-blue-900 hover:underline" href={`#${s.id}`}>
                  {i + 1}. {t(s.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          <Section id="controller" title={`1. ${t("portal.privacyPage.controller.title")}`}>
            <p>{rich("portal.privacyPage.controller.who", { teacher: <strong>{teacher}</strong> })}</p>
            <p>
              {rich("portal.privacyPage.controller.contact", {
                email: mail,
                phone: (
                  <a
                    className="font-semibold text-blue-900 underline underline-offset-2"
                    href={`tel:${phone.replace(/\s+/g, "")}`}
                  >
                    {phone}
                  </a>
                ),
              })}
            </p>
          </Section>

          <Section id="data" title={`2. ${t("portal.privacyPage.data.title")}`}>
            <dl className="rounded-2xl border border-slate-200 bg-white px-5 py-2">
              <Row label={t("portal.privacyPage.data.google")}>{t("portal.privacyPage.data.googleText")}</Row>
              <Row label={t("portal.privacyPage.data.bookings")}>{t("portal.privacyPage.data.bookingsText")}</Row>
              <Row label={t("portal.privacyPage.data.learning")}>{t("portal.privacyPage.data.learningText")}</Row>
              <Row label={t("portal.privacyPage.data.referrals")}>{t("portal.privacyPage.data.referralsText")}</Row>
              <Row label={t("portal.privacyPage.data.logs")}>{t("portal.privacyPage.data.logsText")}</Row>
            </dl>
            <p>{t("portal.privacyPage.data.cookies")}</p>
          </Section>

          <Section id="purposes" title={`3. ${t("portal.privacyPage.purposes.title")}`}>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                {rich("portal.privacyPage.purposes.lessons", { what: b("portal.privacyPage.purposes.lessonsWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.purposes.accounting", {
                  what: b("portal.privacyPage.purposes.accountingWhat"),
                })}
              </li>
              <li>
                {rich("portal.privacyPage.purposes.security", { what: b("portal.privacyPage.purposes.securityWhat") })}
              </li>
            </ul>
            <p>{t("portal.privacyPage.purposes.never")}</p>
          </Section>

          <Section id="retention" title={`4. ${t("portal.privacyPage.retention.title")}`}>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                {rich("portal.privacyPage.retention.account", { what: b("portal.privacyPage.retention.accountWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.retention.emails", { what: b("portal.privacyPage.retention.emailsWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.retention.records", { what: b("portal.privacyPage.retention.recordsWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.retention.documents", {
                  what: b("portal.privacyPage.retention.documentsWhat"),
                })}
              </li>
              <li>
                {rich("portal.privacyPage.retention.welcome", { what: b("portal.privacyPage.retention.welcomeWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.retention.sessions", {
                  what: b("portal.privacyPage.retention.sessionsWhat"),
                })}
              </li>
            </ul>
          </Section>

          <Section id="processors" title={`5. ${t("portal.privacyPage.processors.title")}`}>
            <p>{t("portal.privacyPage.processors.intro")}</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                {rich("portal.privacyPage.processors.hosting", {
                  what: b("portal.privacyPage.processors.hostingWhat"),
                })}
              </li>
              <li>
                {rich("portal.privacyPage.processors.google", { what: b("portal.privacyPage.processors.googleWhat") })}
              </li>
              <li>
                {rich("portal.privacyPage.processors.email", { what: b("portal.privacyPage.processors.emailWhat") })}
              </li>
            </ul>
            <p>{t("portal.privacyPage.processors.teacher")}</p>
          </Section>

          <Section id="minors" title={`6. ${t("portal.privacyPage.minors.title")}`}>
            <p>{t("portal.privacyPage.minors.text")}</p>
          </Section>

          <Section id="rights" title={`7. ${t("portal.privacyPage.rights.title")}`}>
            <p>{t("portal.privacyPage.rights.intro")}</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>{rich("portal.privacyPage.rights.access", { what: b("portal.privacyPage.rights.accessWhat") })}</li>
              <li>
                {rich("portal.privacyPage.rights.rectification", {
                  what: b("portal.privacyPage.rights.rectificationWhat"),
                })}
              </li>
              <li>{rich("portal.privacyPage.rights.erasure", { what: b("portal.privacyPage.rights.erasureWhat") })}</li>
              <li>
                {rich("portal.privacyPage.rights.portability", {
                  what: b("portal.privacyPage.rights.portabilityWhat"),
                })}
              </li>
              <li>{rich("portal.privacyPage.rights.object", { what: b("portal.privacyPage.rights.objectWhat") })}</li>
              <li>
                {rich("portal.privacyPage.rights.complain", {
                  what: b("portal.privacyPage.rights.complainWhat"),
                  garante: (
                    <a
                      className="font-semibold text-blue-900 underline underline-offset-2"
                      href="https://www.garanteprivacy.it"
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t("portal.privacyPage.rights.garante")}
                    </a>
                  ),
                })}
              </li>
            </ul>
            <div className="rounded-2xl border border-blue-100 bg-blue-50 p-5">
              <h3 className="font-semibold text-blue-950">{t("portal.privacyPage.rights.howTitle")}</h3>
              <ul className="mt-2 list-disc space-y-2 pl-5">
                <li>
                  {rich("portal.privacyPage.rights.howPortal", {
                    profile: (
                      <Link className="font-semibold text-blue-900 underline underline-offset-2" to="/student/profile">
                        {t("portal.profile.title")}
                      </Link>
                    ),
                    download: b("portal.privacy.download"),
                    delete: b("portal.privacy.delete"),
                  })}
                </li>
                <li>{rich("portal.privacyPage.rights.howEmail", { email: mail })}</li>
              </ul>
            </div>
          </Section>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-6 text-sm text-slate-500 sm:px-6">
          {t("portal.privacyPage.footer", { year: String(new Date().getFullYear()) })}
        </div>
      </footer>
    </div>
  );
}
