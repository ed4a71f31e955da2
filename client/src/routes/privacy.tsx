// The privacy notice (GDPR art. 13): who holds which data, why, for how long, and how to use
// your rights. Public, lazily loaded; the contact details come from the public configuration.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SiteLogo } from "../components/site-logo.tsx";
import { DEFAULT_CONTACT } from "../features/landing/content.ts";
import { Link } from "../lib/router.tsx";
import { trpc } from "../trpc.ts";

const UPDATED = "22 November 2026";

const SECTIONS = [
  { id: "controller", title: "Who is responsible" },
  { id: "data", title: "What we collect" },
  { id: "purposes", title: "Why, and on what basis" },
  { id: "retention", title: "How long we keep it" },
  { id: "processors", title: "Who else handles it" },
  { id: "minors", title: "Students under 18" },
  { id: "rights", title: "Your rights" },
] as const;

function usePrivacyContact() {
  const config = useQuery({ ...trpc.booking.publicContact.queryOptions(), staleTime: 5 * 60_000 });
  const teachers = useQuery({ ...trpc.booking.teachers.queryOptions(), staleTime: 5 * 60_000 });
  return {
    email: config.data?.email.trim() || DEFAULT_CONTACT.email,
    phone: config.data?.phone.trim() || DEFAULT_CONTACT.phone,
    teacher: teachers.data?.[0]?.name.trim() || "Giulia, the teacher",
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
  const { email, phone, teacher } = usePrivacyContact();
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
          <Link
            to="/"
            className="rounded-lg px-2 py-1 text-sm font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            Back to the site
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="text-sm font-semibold tracking-[0.16em] text-amber-700 uppercase">Privacy</p>
        <h1 className="mt-2 font-display text-3xl font-bold text-slate-900 sm:text-4xl">Privacy notice</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          This notice explains, in plain words, what personal data this website keeps about students and parents, why,
          for how long, and how you can see, correct, download or delete it. It follows the EU General Data Protection
          Regulation (GDPR) and Italian law.
        </p>
        <p className="mt-2 text-sm text-slate-500">Last updated: {UPDATED}</p>

        <nav aria-label="On this page" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {SECTIONS.map((s, i) => (
              <li key={s.id}>
                <a className="text-blue-900 hover:underline" href={`#${s.id}`}>
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          <Section id="controller" title="1. Who is responsible">
            <p>
              The data controller is <strong>{teacher}</strong>, an independent English teacher in Milano, Italy, who
              runs this website ("English with Giulia", "we", "us").
            </p>
            <p>
              Write to {mail} or call{" "}
              <a
                className="font-semibold text-blue-900 underline underline-offset-2"
                href={`tel:${phone.replace(/\s+/g, "")}`}
              >
                {phone}
              </a>{" "}
              for any question about your data.
            </p>
          </Section>

          <Section id="data" title="2. What we collect">
            <dl className="rounded-2xl border border-slate-200 bg-white px-5 py-2">
              <Row label="Your Google account">
                Your name, email address and profile picture, when you sign in with Google. We never see your Google
                password.
              </Row>
              <Row label="Bookings">
                The lessons you book: dates, times, lesson type and place, package and price, the student's name, email,
                level, goals and notes, and a phone number (the student's, or a parent's or guardian's).
              </Row>
              <Row label="Learning records">
                Quiz and level-test results, notes your teacher writes about your lessons, and files shared with you or
                uploaded by you (such as a profile photo).
              </Row>
              <Row label="Referrals">The name and email of friends you invite, and the discounts you earn.</Row>
              <Row label="Access logs">
                When you open or download a shared file, your sign-in sessions, and the server's technical logs (address
                and time of each request), used to keep the site secure.
              </Row>
            </dl>
            <p>We use one cookie to keep you signed in. We use no advertising or tracking cookies and no analytics.</p>
          </Section>

          <Section id="purposes" title="3. Why, and on what basis">
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong>To give you lessons</strong>: booking, reminders, lesson links, files, notes and progress. The
                basis is the contract for lessons you ask for (GDPR art. 6(1)(b)).
              </li>
              <li>
                <strong>To keep accounting and tax records</strong> of lessons and payments, as Italian law requires
                (art. 6(1)(c)).
              </li>
              <li>
                <strong>To keep lesson records and the site secure</strong>: records of past lessons, access logs and
                limits against abuse. The basis is the teacher's legitimate interest (art. 6(1)(f)).
              </li>
            </ul>
            <p>We never sell your data and never use it for advertising.</p>
          </Section>

          <Section id="retention" title="4. How long we keep it">
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong>Your account, learning records and files</strong>: while your account exists. When you delete
                it, they are erased at once.
              </li>
              <li>
                <strong>Emails</strong>: copies of the emails the site sends are kept for up to 90 days. When you delete
                your account, the emails to you are erased, and the teacher's copies of messages about you (bookings,
                sign-ups, requests) stay without your name, email, phone or anything you wrote.
              </li>
              <li>
                <strong>Lesson and payment records</strong>: the teacher's policy is to keep them for 10 years, the
                period Italian law sets for accounting and invoicing records. If you delete your account, these records
                stay without your name, email, phone or any other detail about you.
              </li>
              <li>
                <strong>Once-per-person welcome discount</strong>: if you had booked lessons, deleting your account
                keeps two one-way codes made from your Google sign-in id and your email with a secret key. They cannot
                be turned back into either, and serve only to recognise a new account of yours, so the 10% discount for
                new students through a friend's referral is given once per person.
              </li>
              <li>
                <strong>Sign-in sessions</strong> end after 30 days at most; technical logs are kept no longer than 30
                days.
              </li>
            </ul>
          </Section>

          <Section id="processors" title="5. Who else handles it">
            <p>Only these services process data for us, under contract and only to run this site:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong>Hosting</strong>: the provider of the server and database in the EU where this site runs.
              </li>
              <li>
                <strong>Google sign-in</strong>: Google Ireland Limited confirms who you are when you sign in.
              </li>
              <li>
                <strong>Email delivery</strong>: the email service that sends booking confirmations and reminders.
              </li>
            </ul>
            <p>Your teacher sees your bookings, notes and results. Nobody else does.</p>
          </Section>

          <Section id="minors" title="6. Students under 18">
            <p>
              A parent or guardian books lessons for a student under 18 and gives their own phone number. When booking,
              the person booking confirms that they are 18 or older and booking for themselves, or that they are the
              student's parent or guardian. A parent or guardian can exercise every right below on the student's behalf.
            </p>
          </Section>

          <Section id="rights" title="7. Your rights">
            <p>You have the right to:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong>access</strong> your data and receive a copy of it;
              </li>
              <li>
                <strong>rectification</strong>: correct anything wrong or incomplete;
              </li>
              <li>
                <strong>erasure</strong>: have your data deleted;
              </li>
              <li>
                <strong>portability</strong>: receive your data in a machine-readable format;
              </li>
              <li>
                <strong>object</strong> to processing based on legitimate interest;
              </li>
              <li>
                <strong>complain</strong> to the Italian data protection authority, the{" "}
                <a
                  className="font-semibold text-blue-900 underline underline-offset-2"
                  href="https://www.garanteprivacy.it"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Garante per la protezione dei dati personali
                </a>{" "}
                (or the authority where you live).
              </li>
            </ul>
            <div className="rounded-2xl border border-blue-100 bg-blue-50 p-5">
              <h3 className="font-semibold text-blue-950">How to use them</h3>
              <ul className="mt-2 list-disc space-y-2 pl-5">
                <li>
                  In the student portal, open{" "}
                  <Link className="font-semibold text-blue-900 underline underline-offset-2" to="/student/profile">
                    My Profile
                  </Link>
                  : edit your details there, use <strong>Download my data</strong> for a complete copy (a JSON file), or{" "}
                  <strong>Delete my account</strong> to erase it.
                </li>
                <li>Or write to {mail}: we answer within one month.</li>
              </ul>
            </div>
          </Section>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-6 text-sm text-slate-500 sm:px-6">
          © {new Date().getFullYear()} English with Giulia · Milano, Italy
        </div>
      </footer>
    </div>
  );
}
