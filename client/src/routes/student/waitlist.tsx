// Issue 31, item 3: the family's waitlist (what they wait for, withdrawn in one tap) and the page an
// offer's email links to, which shows the time held for them and books it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatTime } from "../../../../shared/i18n/format.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useTeacherZone } from "../../features/portal/portal-api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";

export function MyWaitlist() {
  const t = useT();
  const locale = useLocale();
  const zone = useTeacherZone();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.portal.waitlist.queryOptions());
  const withdraw = useMutation(
    trpc.portal.withdrawWaitlist.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.portal.waitlist.queryKey() }),
      onError: (error) => toast({ title: t("portal.toast.error"), description: error.message, variant: "destructive" }),
    }),
  );
  const entries = list.data?.entries ?? [];
  return (
    <div>
      <PageHeader
        title={t("portal.waitlist.title")}
        subtitle={t("portal.waitlist.subtitle")}
        actions={<ButtonLink to="/book/schedule?waitlist=1">{t("portal.waitlist.add")}</ButtonLink>}
      />
      {list.isPending ? (
        <Spinner label={t("portal.waitlist.loading")} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon />}
          title={t("portal.waitlist.empty")}
          message={t("portal.waitlist.emptyText")}
        />
      ) : (
        <ul className="space-y-3" aria-label={t("portal.waitlist.title")}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-medium text-slate-900">
                    {entry.startTime
                      ? formatDateTime(locale, entry.startTime, { timeZone: zone })
                      : t("portal.waitlist.window", {
                          day: String(entry.weekday),
                          from: entry.from ?? "",
                          to: entry.to ?? "",
                        })}
                  </p>
                  {entry.offer ? (
                    <p className="mt-1 text-sm text-emerald-700">
                      {t("portal.waitlist.held", {
                        when: formatDateTime(locale, entry.offer.startTime, { timeZone: zone }),
                        until: formatDateTime(locale, entry.offer.expires_at, { timeZone: zone }),
                      })}
                    </p>
                  ) : (
                    <p className="mt-1 text-sm text-slate-500">{t("portal.waitlist.waiting")}</p>
                  )}
                </div>
                <div className="flex gap-2">
                  {entry.offer && (
                    <ButtonLink size="sm" to={`/student/waitlist/offer/${entry.offer.id}`}>
                      {t("portal.waitlist.book")}
                    </ButtonLink>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate({ id: entry.id })}
                  >
                    {t("portal.waitlist.withdraw")}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const LEVELS = ["beginner", "intermediate", "advanced"] as const;

export function WaitlistOfferPage() {
  const t = useT();
  const locale = useLocale();
  const zone = useTeacherZone();
  const { id = "" } = useParams();
  const offer = useQuery(trpc.portal.waitlistOffer.queryOptions({ id }));
  const [details, setDetails] = useState<{ phone: string; english_level: string; lesson_focus: string } | null>(null);
  const accept = useMutation(trpc.portal.acceptWaitlistOffer.mutationOptions());
  const data = offer.data;
  if (offer.isPending) return <Spinner label={t("portal.waitlist.loading")} />;
  if (!data) {
    return (
      <EmptyState
        icon={<CalendarIcon />}
        title={t("portal.waitlist.offerMissing")}
        message={offer.error?.message ?? ""}
      />
    );
  }
  const form = details ?? {
    phone: data.details.phone ?? "",
    english_level: data.details.english_level ?? "",
    lesson_focus: data.details.lesson_focus ?? "",
  };
  const set = (patch: Partial<typeof form>) => setDetails({ ...form, ...patch });
  const when = formatDateTime(locale, data.startTime, { timeZone: zone });
  const booked = accept.data?.booking;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t("portal.waitlist.offerTitle")} />
      <Card className="space-y-4 p-5">
        <p className="text-lg font-semibold text-slate-900">
          {when} – {formatTime(locale, data.endTime, { timeZone: zone })}
        </p>
        {booked ? (
          <div role="status" className="space-y-3">
            <p className="text-emerald-700">{t("portal.waitlist.booked", { status: booked.status })}</p>
            <ButtonLink to="/student/lessons">{t("portal.waitlist.toLessons")}</ButtonLink>
          </div>
        ) : data.status !== "held" ? (
          <p className="text-slate-700">{t("portal.waitlist.gone")}</p>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              accept.mutate({
                id,
                phone: form.phone || null,
                english_level: LEVELS.find((l) => l === form.english_level) ?? null,
                lesson_focus: form.lesson_focus || null,
                locale,
              });
            }}
          >
            <p className="text-sm text-slate-700">
              {t("portal.waitlist.heldUntil", {
                until: formatDateTime(locale, data.expires_at, { timeZone: zone }),
              })}
            </p>
            <TextField
              label={t("portal.waitlist.phone")}
              type="tel"
              value={form.phone}
              onChange={(e) => set({ phone: e.target.value })}
            />
            <SelectField
              label={t("portal.waitlist.level")}
              value={form.english_level}
              onChange={(e) => set({ english_level: e.target.value })}
              placeholder={t("portal.waitlist.levelPick")}
              options={LEVELS.map((l) => ({ value: l, label: t("portal.waitlist.levels", { level: l }) }))}
            />
            <TextAreaField
              label={t("portal.waitlist.goals")}
              rows={2}
              value={form.lesson_focus}
              onChange={(e) => set({ lesson_focus: e.target.value })}
            />
            {accept.error && (
              <p role="alert" className="text-sm text-red-700">
                {accept.error.message}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              {t("portal.waitlist.bookIt")}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
