import { useEffect, useRef } from "react";
import { REFERRAL_DISCOUNT_PERCENT, referralStatusLabel } from "../../../../shared/constants.ts";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import { type Locale, localePath } from "../../../../shared/i18n/locales.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { UsersIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import {
  ChatIcon,
  CheckCircleIcon,
  CopyIcon,
  GiftIcon,
  MailIcon,
  ShareIcon,
} from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { type Referral, usePortalCopyTexts, useReferralData } from "../../features/portal/portal-api.ts";
import { isSessionExpired } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useCopy } from "../../lib/use-copy.ts";

/**
 * The share link: /ref?code=CODE on this site (the /ref page reads the `code` query parameter), in
 * the page's language: a friend of an Italian student lands on the Italian page.
 */
export const referralLink = (code: string, locale: Locale) =>
  `${window.location.origin}${localePath(locale, `/ref?code=${encodeURIComponent(code)}`)}`;

const STATUS_TONE: Record<string, BadgeTone> = {
  Registered: "blue",
  Booked: "amber",
  Completed: "green",
  Pending: "neutral",
};

const STEPS = [
  "portal.referrals.step.share",
  "portal.referrals.step.friend",
  "portal.referrals.step.earn",
  "portal.referrals.step.noLimit",
] as const;

export function Referrals() {
  const t = useT();
  const locale = useLocale();
  const query = useReferralData();
  const status = useStudentStatus();
  const toast = useToast();
  const { copy, copiedKey } = useCopy(usePortalCopyTexts());
  const percent = REFERRAL_DISCOUNT_PERCENT;
  const reported = useRef(false);

  useEffect(() => {
    if (!query.error || isSessionExpired(query.error) || reported.current) return;
    reported.current = true;
    toast({ title: t("portal.toast.error"), description: t("portal.referrals.loadFailed"), variant: "destructive" });
  }, [query.error, toast, t]);

  const data = query.data;
  const code = data?.stats.referral_code ?? null;
  const firstName = status.data?.user?.name.split(" ")[0] ?? "";

  // The invitation is a message the student sends themselves (issue 33, item 7): WhatsApp, an email
  // draft or the clipboard. No address is asked: the site never writes to the friend.
  const message = code
    ? t("portal.referrals.message", { code, percent, link: referralLink(code, locale), name: firstName || "none" })
    : "";
  const copyMessage = async () => {
    if (!code) {
      toast({ title: t("portal.toast.error"), description: t("portal.referrals.noCode"), variant: "destructive" });
      return;
    }
    try {
      await copy(message, { key: "message", successMessage: t("portal.referrals.messageCopied") });
    } catch {
      toast({
        title: t("portal.toast.error"),
        description: t("portal.referrals.messageFailed"),
        variant: "destructive",
      });
    }
  };

  if (query.isPending) return <Spinner label={t("portal.referrals.loading")} />;

  if (!data) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t("portal.nav.referrals")} />
        <EmptyState
          icon={<UsersIcon />}
          title={t("portal.referrals.none")}
          message={t("portal.referrals.noneText")}
          action={<Button onClick={() => query.refetch()}>{t("portal.tryAgain")}</Button>}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("portal.nav.referrals")} subtitle={t("portal.referrals.subtitle", { percent })} />

      <section aria-label={t("portal.referrals.numbers")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t("portal.referrals.total")} value={data.stats.total_referrals} icon={<UsersIcon />} />
        <StatCard
          label={t("portal.referrals.completed")}
          value={data.stats.completed_referrals}
          icon={<CheckCircleIcon />}
        />
        <StatCard
          label={t("portal.referrals.earned")}
          value={formatEuro(locale, data.stats.total_earned)}
          icon={<GiftIcon />}
        />
        <StatCard label={t("portal.referrals.discounts")} value={data.discounts.length} icon={<GiftIcon />} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Card className="overflow-hidden">
            <div className="bg-gradient-to-r from-blue-900 to-blue-700 p-5 text-white sm:p-6">
              <h2 className="text-lg font-semibold">{t("portal.referrals.codeTitle")}</h2>
              <p className="text-sm text-blue-100">{t("portal.referrals.codeText")}</p>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                <label htmlFor="referral-code" className="sr-only">
                  {t("portal.referrals.code")}
                </label>
                <input
                  id="referral-code"
                  readOnly
                  value={code ?? ""}
                  className="min-w-0 flex-1 rounded-xl border border-white/30 bg-white/10 px-4 py-2.5 font-mono text-xl font-bold tracking-[0.2em] text-white"
                />
                <div className="flex gap-2">
                  <Button
                    variant="accent"
                    className="flex-1 sm:flex-none"
                    disabled={!code}
                    onClick={() =>
                      code && copy(code, { key: "code", successMessage: t("portal.referrals.codeCopied") })
                    }
                  >
                    <CopyIcon className="h-4 w-4" />{" "}
                    {copiedKey === "code" ? t("portal.copy.copied") : t("portal.copy.copy")}
                  </Button>
                  <Button
                    variant="outline"
                    className="flex-1 sm:flex-none"
                    disabled={!code}
                    onClick={() =>
                      code &&
                      copy(referralLink(code, locale), {
                        key: "link",
                        successMessage: t("portal.referrals.linkCopied"),
                      })
                    }
                  >
                    <ShareIcon className="h-4 w-4" />{" "}
                    {copiedKey === "link" ? t("portal.copy.copied") : t("portal.referrals.shareLink")}
                  </Button>
                </div>
              </div>
            </div>
            <div className="p-5 sm:p-6">
              <h2 className="font-semibold text-slate-900">{t("portal.referrals.how")}</h2>
              <ol className="mt-3 space-y-3">
                {STEPS.map((step, i) => (
                  <li key={step} className="flex gap-3 text-sm text-slate-700">
                    <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-amber-400 text-xs font-bold text-slate-900">
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{t(step, { percent })}</span>
                  </li>
                ))}
              </ol>
            </div>
          </Card>

          <ReferralHistory referrals={data.referrals} />
        </div>

        <div className="space-y-6 lg:col-span-2">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t("portal.referrals.invite")}</h2>
            <p className="mt-1 text-sm text-slate-600">{t("portal.referrals.inviteShareText")}</p>
            <div className="mt-4 grid gap-2">
              {code ? (
                <>
                  <a
                    className={`${buttonClasses()} w-full`}
                    href={`https://wa.me/?text=${encodeURIComponent(message)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <ChatIcon className="h-4 w-4" /> {t("portal.referrals.shareWhatsapp")}
                  </a>
                  <a
                    className={`${buttonClasses({ variant: "outline" })} w-full`}
                    href={`mailto:?subject=${encodeURIComponent(t("portal.referrals.emailSubject", { percent }))}&body=${encodeURIComponent(message)}`}
                  >
                    <MailIcon className="h-4 w-4" /> {t("portal.referrals.shareEmail")}
                  </a>
                </>
              ) : null}
              <Button variant="outline" className="w-full" onClick={() => void copyMessage()}>
                <CopyIcon className="h-4 w-4" />{" "}
                {copiedKey === "message" ? t("portal.copy.copied") : t("portal.referrals.copyMessage")}
              </Button>
            </div>
          </Card>

          {data.discounts.length > 0 && (
            <Card className="border-emerald-200 p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t("portal.referrals.discounts")}</h2>
              <ul className="mt-3 space-y-2">
                {data.discounts.map((d) => (
                  <li key={d.id} className="flex items-center gap-3 rounded-xl bg-emerald-50 px-3 py-2.5">
                    <GiftIcon className="h-5 w-5 text-emerald-700" />
                    <div className="flex-1">
                      <p className="font-semibold text-emerald-900">
                        {d.amount > 0
                          ? t("portal.referrals.discountAmount", {
                              percent: d.percentage,
                              amount: formatEuro(locale, d.amount),
                            })
                          : t("portal.referrals.discount", { percent: d.percentage })}
                      </p>
                      <p className="text-xs text-emerald-800">
                        {t("portal.referrals.discountEarned", { date: formatDate(locale, d.created_at) })}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

/** The friends invited so far, each with its status and the discount it earned. */
function ReferralHistory({ referrals }: { referrals: Referral[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("portal.referrals.history")}</h2>
      {referrals.length === 0 ? (
        <div className="mt-3">
          <EmptyState
            icon={<UsersIcon />}
            title={t("portal.referrals.none")}
            message={t("portal.referrals.noneText")}
          />
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {referrals.map((r) => {
            const label = referralStatusLabel(r.status);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3">
                <span
                  className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700"
                  aria-hidden="true"
                >
                  {(r.referred_name ?? r.referred_email)[0]?.toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{r.referred_name ?? r.referred_email}</p>
                  <p className="truncate text-xs text-slate-500">
                    {r.referred_name ? `${r.referred_email} · ` : ""}
                    {formatDate(locale, r.created_at)}
                  </p>
                </div>
                {r.discount_earned > 0 && (
                  <span className="text-sm font-semibold text-emerald-700">
                    +{formatEuro(locale, r.discount_earned)}
                  </span>
                )}
                <Badge tone={STATUS_TONE[label]}>{t("portal.referrals.status", { status: label })}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
