import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatDate, formatPercent } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { createCatalogue, I18nProvider, loadAreas, useLocale, useT } from "../../lib/i18n.tsx";
import { Link, useParams } from "../../lib/router.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
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
      lang={useLocale()}
      className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl border-8 border-double border-blue-900/80 bg-[radial-gradient(circle_at_top,_#fffbeb,_#ffffff_60%)] p-6 text-center shadow-sm sm:p-12"
    >
      {children}
    </div>
  );
}

type OwnCertificate = RouterOutputs["quiz"]["certificate"];

/** The student's printable certificate of completion: /student/quizzes/certificate/{resultId}. */
export function CertificatePage() {
  const t = useT();
  const { resultId = "" } = useParams();
  const isId = /^[0-9a-f-]{36}$/i.test(resultId);
  const query = useQuery({ ...trpc.quiz.certificate.queryOptions({ resultId }), enabled: isId, retry: false });
  if (!isId || query.error)
    return <QuizMessage title={t("quiz.certificate.notFoundTitle")} message={t("quiz.certificate.notFound")} />;
  if (!query.data) return <Spinner label={t("quiz.certificate.loading")} />;
  const c = query.data;
  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/student/quizzes" className="text-sm font-semibold text-blue-900 hover:underline">
          ← {t("quiz.backToActivities")}
        </Link>
        <Button onClick={() => window.print()}>{t("quiz.certificate.print")}</Button>
      </div>
      <InLanguage locale={c.locale}>
        <CertificateDocument certificate={c} />
      </InLanguage>
    </div>
  );
}

/**
 * The page's children in another language than the page's: a certificate is written in its
 * holder's language (their account's), whichever page shows it, so the printed copy is too.
 */
function InLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const pageLocale = useLocale();
  const other = locale !== pageLocale;
  const catalogue = useQuery({
    queryKey: ["catalogue", locale, "quiz"],
    queryFn: async () => {
      const created = createCatalogue(locale);
      await loadAreas(created, ["common", "quiz"]);
      return created;
    },
    enabled: other,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!other) return children;
  if (!catalogue.data) return <Spinner />;
  return <I18nProvider catalogue={catalogue.data}>{children}</I18nProvider>;
}

function CertificateDocument({ certificate: c }: { certificate: OwnCertificate }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Frame>
      <div className="flex justify-center">
        <SiteLogo />
      </div>
      <p className="mt-8 text-xs font-semibold tracking-[0.3em] text-amber-700 uppercase">
        {t("quiz.certificate.heading")}
      </p>
      <p className="mt-6 text-slate-600">{t("quiz.certificate.certifyThat")}</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-slate-900 sm:text-5xl">{c.name}</h1>
      <p className="mt-4 text-slate-600">{t("quiz.certificate.hasCompleted")}</p>
      <h2 className="mt-1 text-xl font-bold text-blue-900 sm:text-2xl">{c.test}</h2>
      <dl className="mx-auto mt-8 grid max-w-2xl grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-500 uppercase">{t("quiz.certificate.level")}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{c.level}</dd>
        </div>
        <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-500 uppercase">{t("quiz.certificate.score")}</dt>
          <dd className="mt-1 font-semibold text-slate-900">
            {t("quiz.certificate.scoreValue", {
              score: c.score,
              total: c.totalQuestions,
              percent: formatPercent(locale, c.percent),
            })}
          </dd>
        </div>
        <div className="rounded-xl bg-white/80 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-500 uppercase">{t("quiz.certificate.date")}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{formatDate(locale, c.issuedAt, { style: "medium" })}</dd>
        </div>
      </dl>
      <div className="mt-10 flex flex-col items-center justify-between gap-4 border-t border-slate-200 pt-6 text-left text-sm sm:flex-row">
        <div>
          <p className="font-serif text-lg text-slate-900 italic">{t("common.siteName")}</p>
          <p className="text-slate-500">{t("quiz.certificate.school")}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-slate-500">{t("quiz.certificate.verificationCode")}</p>
          <p className="font-mono font-semibold text-slate-900">{c.code}</p>
          <p className="mt-1 break-all text-xs text-slate-500">{c.verifyUrl}</p>
        </div>
      </div>
    </Frame>
  );
}

/** Public: /certificates/{code}. Confirms a code with first name and last initial only. */
export function CertificateVerifyPage() {
  const t = useT();
  const locale = useLocale();
  const { code = "" } = useParams();
  // English asks without a language, as the REST API's GET /api/certificates/{code} does.
  const input = locale === "en" ? { code } : { code, locale };
  const query = useQuery({ ...trpc.quiz.verifyCertificate.queryOptions(input), retry: false });
  return (
    <LogoCardPage width="lg">
      {query.isPending ? (
        <Spinner label={t("quiz.verify.checking")} />
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
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("quiz.verify.valid")}</h1>
          <dl className="mt-6 space-y-3 text-left">
            {[
              [t("quiz.verify.awardedTo"), query.data.certificate.holder],
              [t("quiz.verify.test"), query.data.certificate.test],
              [t("quiz.certificate.level"), query.data.certificate.level],
              [t("quiz.certificate.date"), formatDate(locale, query.data.certificate.issuedAt, { style: "medium" })],
              [t("quiz.verify.code"), query.data.certificate.code],
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
          <h1 className="mt-6 text-2xl font-bold text-slate-900">{t("quiz.verify.notFoundTitle")}</h1>
          <p className="mt-2 text-slate-600" role="alert">
            {t("quiz.verify.invalid")}
          </p>
        </>
      )}
      <ButtonLink to="/" variant="outline" className="mt-8">
        {t("quiz.verify.visitSite")}
      </ButtonLink>
    </LogoCardPage>
  );
}
