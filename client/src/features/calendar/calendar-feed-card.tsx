// "Subscribe to your calendar": a private webcal:// link to all of one's lessons. The server
// stores only a hash of the link's token, so the link is shown once, right after it is made;
// "Reset link" makes a new one and stops the old one. Its words are the portal's catalogue's (the
// admin area, which shows the card too, loads that catalogue as well).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useCopy } from "../../lib/use-copy.ts";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { usePortalCopyTexts } from "../portal/portal-api.ts";

/** The owner's feed procedures, named by the REST path they stand for. */
const FEEDS = {
  "/student/calendar-feed": trpc.portal.calendarFeed,
  "/admin/calendar-feed": trpc.admin.calendarFeed,
};

export function CalendarFeedCard(props: {
  /** The owner's feed: "/student/calendar-feed" or "/admin/calendar-feed". */
  endpoint: keyof typeof FEEDS;
  title?: string;
  description: string;
}) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { copy, copiedKey } = useCopy(usePortalCopyTexts());
  const [link, setLink] = useState<RouterOutputs["portal"]["calendarFeed"]["reset"] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const feed = FEEDS[props.endpoint];
  const status = useQuery(feed.get.queryOptions());
  const reset = useMutation({
    ...feed.reset.mutationOptions(),
    onSuccess: (made) => {
      const replaced = Boolean(status.data?.active);
      setLink(made);
      setConfirming(false);
      queryClient.setQueryData(feed.get.queryKey(), { active: true, created_at: made.created_at });
      toast({
        title: t("portal.toast.success"),
        description: replaced ? t("portal.calendarFeed.replaced") : t("portal.calendarFeed.ready"),
        variant: "success",
      });
    },
    onError: () => {
      setConfirming(false);
      toast({ title: t("portal.toast.error"), description: t("portal.calendarFeed.failed"), variant: "destructive" });
    },
  });
  const active = status.data?.active ?? false;

  return (
    <Card className="p-4 sm:p-6" aria-labelledby="calendar-feed-title">
      <div className="flex items-start gap-3">
        <span
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-blue-50 text-blue-900"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            className="h-5 w-5"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 10h18M8 14h3v3H8z" />
          </svg>
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="calendar-feed-title" className="text-lg font-semibold text-slate-900">
            {props.title ?? t("portal.calendarFeed.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{props.description}</p>
        </div>
      </div>

      {link ? (
        <div className="mt-4 space-y-3">
          <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-slate-800">
            {t("portal.calendarFeed.linkLabel")}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-feed-url"
              readOnly
              value={link.webcal_url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 sm:text-sm"
            />
            <Button
              variant="primary"
              onClick={() =>
                copy(link.webcal_url, {
                  key: "feed",
                  successMessage: t("portal.copy.done"),
                  description: t("portal.calendarFeed.copied"),
                })
              }
              aria-label={t("portal.calendarFeed.copy")}
            >
              {copiedKey === "feed" ? t("portal.copy.copied") : t("portal.copy.copy")}
            </Button>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <a className="font-semibold text-blue-800 underline" href={link.webcal_url}>
              {t("portal.calendarFeed.open")}
            </a>
            <a className="text-blue-800 underline" href={link.https_url} target="_blank" rel="noreferrer">
              {t("portal.calendarFeed.https")}
            </a>
          </div>
          <p className="text-xs text-slate-500">{t("portal.calendarFeed.private")}</p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700" role="status">
          {status.isPending
            ? t("portal.calendarFeed.checking")
            : active
              ? t("portal.calendarFeed.active", { made: formatMade(locale, status.data?.created_at, t) })
              : t("portal.calendarFeed.none")}
        </p>
      )}

      {/* No action until the card knows whether a link exists: "Create" must not stand where
          "Reset" belongs while the status loads. */}
      {status.isPending ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          {active ? (
            <Button variant="outline" disabled={reset.isPending} onClick={() => setConfirming(true)}>
              {t("portal.calendarFeed.reset")}
            </Button>
          ) : (
            <Button disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? t("portal.calendarFeed.creating") : t("portal.calendarFeed.create")}
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={t("portal.calendarFeed.resetTitle")}
        message={t("portal.calendarFeed.resetText")}
        confirmLabel={t("portal.calendarFeed.reset")}
        destructive
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

function formatMade(locale: Locale, iso: string | null | undefined, t: ReturnType<typeof useT>) {
  if (!iso) return t("portal.calendarFeed.earlier");
  return new Date(iso).toLocaleDateString(INTL_TAGS[locale], { day: "numeric", month: "long", year: "numeric" });
}
