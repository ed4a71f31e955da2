import { useEffect, useRef, useState } from "react";
import { REFERRAL_DISCOUNT_PERCENT, referralStatusLabel } from "../../../../shared/constants.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { bindValue } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { UsersIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CheckCircleIcon, CopyIcon, GiftIcon, ShareIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { type Referral, useReferralData } from "../../features/portal/portal-api.ts";
import { isSessionExpired } from "../../lib/api.ts";
import { formatDate, formatEuro } from "../../lib/format.ts";
import { useCopy } from "../../lib/use-copy.ts";

/** The share link: /ref?code=CODE on this site (the /ref page reads the `code` query parameter). */
export const referralLink = (code: string) => `${window.location.origin}/ref?code=${encodeURIComponent(code)}`;

const STATUS_TONE: Record<string, BadgeTone> = {
  Registered: "blue",
  Booked: "amber",
  Completed: "green",
  Pending: "neutral",
};

const STEPS = [
  "Share your referral code or link with a friend.",
  `Your friend gets ${REFERRAL_DISCOUNT_PERCENT}% off their first lesson package.`,
  `When the teacher confirms their first package, you earn a ${REFERRAL_DISCOUNT_PERCENT}% discount on your next lesson (it is withdrawn if that package is cancelled before its first lesson).`,
  "There is no limit: every friend who buys a first package earns you another discount.",
];

export function Referrals() {
  const query = useReferralData();
  const status = useStudentStatus();
  const toast = useToast();
  const { copy, copiedKey } = useCopy();
  const [email, setEmail] = useState("");
  const reported = useRef(false);

  useEffect(() => {
    if (!query.error || isSessionExpired(query.error) || reported.current) return;
    reported.current = true;
    toast({ title: "Error", description: "Failed to load referral data", variant: "destructive" });
  }, [query.error, toast]);

  const data = query.data;
  const code = data?.stats.referral_code ?? null;
  const firstName = status.data?.user?.name.split(" ")[0] ?? "";

  const getMessage = async () => {
    if (!email.trim()) {
      toast({ title: "Error", description: "Please enter an email address", variant: "destructive" });
      return;
    }
    if (!code) {
      toast({ title: "Error", description: "Referral code not available", variant: "destructive" });
      return;
    }
    try {
      const message = [
        "Hi!",
        "",
        `I've been taking English lessons with Giulia in Milano and I really enjoy them. Use my referral code ${code} and you get ${REFERRAL_DISCOUNT_PERCENT}% off your first lesson package:`,
        referralLink(code),
        "",
        firstName ? `See you there, ${firstName}` : "See you there!",
      ].join("\n");
      const copied = await copy(message, {
        key: "message",
        successMessage: "Referral message copied to clipboard! Share it with your friend.",
      });
      if (copied) setEmail("");
    } catch {
      toast({ title: "Error", description: "Failed to prepare referral message", variant: "destructive" });
    }
  };

  if (query.isPending) return <Spinner label="Loading your referrals" />;

  if (!data) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title="Referrals" />
        <EmptyState
          icon={<UsersIcon />}
          title="No referrals yet"
          message="Start sharing your referral code to earn rewards!"
          action={<Button onClick={() => query.refetch()}>Try Again</Button>}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Referrals"
        subtitle={`Invite friends: they get ${REFERRAL_DISCOUNT_PERCENT}% off their first package, you earn ${REFERRAL_DISCOUNT_PERCENT}% off your next lesson.`}
      />

      <section aria-label="Referral numbers" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Referrals" value={data.stats.total_referrals} icon={<UsersIcon />} />
        <StatCard label="Completed" value={data.stats.completed_referrals} icon={<CheckCircleIcon />} />
        <StatCard label="Total Earned" value={formatEuro(data.stats.total_earned)} icon={<GiftIcon />} />
        <StatCard label="Available Discounts" value={data.discounts.length} icon={<GiftIcon />} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Card className="overflow-hidden">
            <div className="bg-gradient-to-r from-blue-900 to-blue-700 p-5 text-white sm:p-6">
              <h2 className="text-lg font-semibold">Your referral code</h2>
              <p className="text-sm text-blue-100">Share it as it is, or send the link.</p>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                <label htmlFor="referral-code" className="sr-only">
                  Referral code
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
                      code && copy(code, { key: "code", successMessage: "Referral code copied to clipboard!" })
                    }
                  >
                    <CopyIcon className="h-4 w-4" /> {copiedKey === "code" ? "Copied" : "Copy"}
                  </Button>
                  <Button
                    variant="outline"
                    className="flex-1 sm:flex-none"
                    disabled={!code}
                    onClick={() =>
                      code &&
                      copy(referralLink(code), { key: "link", successMessage: "Referral link copied to clipboard!" })
                    }
                  >
                    <ShareIcon className="h-4 w-4" /> {copiedKey === "link" ? "Copied" : "Share Link"}
                  </Button>
                </div>
              </div>
            </div>
            <div className="p-5 sm:p-6">
              <h2 className="font-semibold text-slate-900">How it works</h2>
              <ol className="mt-3 space-y-3">
                {STEPS.map((step, i) => (
                  <li key={step} className="flex gap-3 text-sm text-slate-700">
                    <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-amber-400 text-xs font-bold text-slate-900">
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          </Card>

          <ReferralHistory referrals={data.referrals} />
        </div>

        <div className="space-y-6 lg:col-span-2">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">Invite a Friend</h2>
            <p className="mt-1 text-sm text-slate-600">
              We prepare a message with your code; you send it however you like.
            </p>
            <form
              className="mt-4 space-y-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void getMessage();
              }}
            >
              <TextField
                label="Friend's email"
                type="email"
                {...bindValue(email, setEmail)}
                placeholder="friend@example.com"
                autoComplete="off"
              />
              <Button type="submit" className="w-full">
                Get Message
              </Button>
            </form>
          </Card>

          {data.discounts.length > 0 && (
            <Card className="border-emerald-200 p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">Available Discounts</h2>
              <ul className="mt-3 space-y-2">
                {data.discounts.map((d) => (
                  <li key={d.id} className="flex items-center gap-3 rounded-xl bg-emerald-50 px-3 py-2.5">
                    <GiftIcon className="h-5 w-5 text-emerald-700" />
                    <div className="flex-1">
                      <p className="font-semibold text-emerald-900">
                        {d.percentage}% off your next lesson{d.amount > 0 ? ` (${formatEuro(d.amount)})` : ""}
                      </p>
                      <p className="text-xs text-emerald-800">
                        Earned {formatDate(d.created_at)} · applied automatically at your next booking
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
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Referral History</h2>
      {referrals.length === 0 ? (
        <div className="mt-3">
          <EmptyState
            icon={<UsersIcon />}
            title="No referrals yet"
            message="Start sharing your referral code to earn rewards!"
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
                    {formatDate(r.created_at)}
                  </p>
                </div>
                {r.discount_earned > 0 && (
                  <span className="text-sm font-semibold text-emerald-700">+{formatEuro(r.discount_earned)}</span>
                )}
                <Badge tone={STATUS_TONE[label]}>{label}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
