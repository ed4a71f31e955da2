import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDate } from "../../lib/format.ts";
import { Link, useParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { QuizMessage } from "./quiz-message.tsx";

// Printing shows the certificate alone: everything else on the page is hidden.
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body * { visibility: hidden !important; }
  #certificate, #certificate * { visibility: visible !important; }
  #certificate { position: absolute; inset: 0; margin: 0 !important; box-shadow: none !important; }
}`;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      id="certificate"
      className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl border-8 border-double border-blue-900/80 bg-[radial-gradient(circle_at_top,_#fffbeb,_#ffffff_60%)] p-6 text-center shadow-sm sm:p-12"
    >
      {children}
    </div>
  );
}

/** The student's printable certificate of completion: /student/quizzes/certificate/{resultId}. */
export function CertificatePage() {
  const { resultId = "" } = useParams();
  const isId = /^[0-9a-f-]{36}$/i.test(resultId);
  const query = useQuery({ ...trpc.quiz.certificate.queryOptions({ resultId }), enabled: isId, retry: false });
  if (!isId || query.error)
    return <QuizMessage title="Certificate Not Found" message="There is no certificate for this result." />;
  if (!query.data) return <Spinner label="Loading your certificate" />;
  const c = query.data;
  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/student/quizzes" className="text-sm font-semibold text-blue-900 hover:underline">
          ← Back to Activities
        </Link>
        <Button onClick={() => window.print()}>Print or Save as PDF</Button>
      </div>
      <Frame>
        <div className="flex justify-center">
          <SiteLogo />
        </div>
        <p className="mt-8 text-xs font-semibold tracking-[0.3em] text-amber-700 uppercase">
          Certificate of Completion
        </p>
        <p className="mt-6 text-slate-600">This is to certify that</p>
        <h1 className="mt-2 font-serif text-3xl font-bold text-slate-900 sm:text-5xl">{c.name}</h1>
        <p className="mt-4 text-slate-600">has completed the</p>
        <h2 className="mt-1 text-xl font-bold text-blue-900 sm:text-2xl">{c.test}</h2>
        <dl className="mx-auto mt-8 grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-3">
          <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500 uppercase">Level</dt>
            <dd className="mt-1 font-semibold text-slate-900">{c.level}</dd>
          </div>
          <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500 uppercase">Score</dt>
            <dd className="mt-1 font-semibold text-slate-900">
              {c.score}/{c.totalQuestions} ({c.percent}%)
            </dd>
          </div>
          <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500 uppercase">Date</dt>
            <dd className="mt-1 font-semibold text-slate-900">{formatDate(c.issuedAt, { style: "medium" })}</dd>
          </div>
        </dl>
        <div className="mt-10 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-6 text-left text-sm sm:flex-row">
          <div>
            <p className="font-serif text-lg text-slate-900 italic">English with Giulia</p>
            <p className="text-slate-500">English lessons, Milano</p>
          </div>
          <div className="sm:text-right">
            <p className="text-slate-500">Verification code</p>
            <p className="font-mono font-semibold text-slate-900">{c.code}</p>
            <p className="mt-1 break-all text-xs text-slate-500">{c.verifyUrl}</p>
          </div>
        </div>
      </Frame>
    </div>
  );
}

/** Public: /certificates/{code}. Confirms a code with first name and last initial only. */
export function CertificateVerifyPage() {
  const { code = "" } = useParams();
  const query = useQuery({ ...trpc.quiz.verifyCertificate.queryOptions({ code }), retry: false });
  return (
    <LogoCardPage width="lg">
      {query.isPending ? (
        <Spinner label="Checking the certificate" />
      ) : query.data ? (
        <>
          <div
            className="mx-auto mt-6 grid h-12 w-12 place-items-center rounded-full bg-emerald-100 text-emerald-700"
            aria-hidden="true"
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              className="h-6 w-6"
              aria-hidden="true"
            >
              <path d="M20 6 9 17l-5-5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Valid certificate</h1>
          <dl className="mt-6 space-y-3 text-left">
            {[
              ["Awarded to", query.data.certificate.holder],
              ["Test", query.data.certificate.test],
              ["Level", query.data.certificate.level],
              ["Date", formatDate(query.data.certificate.issuedAt, { style: "medium" })],
              ["Code", query.data.certificate.code],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd className="text-right font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-bold text-slate-900">Certificate not found</h1>
          <p className="mt-2 text-slate-600" role="alert">
            This certificate code is not valid. Please check the code and try again.
          </p>
        </>
      )}
      <ButtonLink to="/" variant="outline" className="mt-8">
        Visit the website
      </ButtonLink>
    </LogoCardPage>
  );
}
