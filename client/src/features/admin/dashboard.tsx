// The dashboard: the tiles (the agenda first), three stat cards, who holds pending lessons, Recent
// Bookings (10) with View Details and Confirm.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { RECENT_BOOKINGS_LIMIT } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CalendarIcon, ClockIcon, MailIcon, UsersIcon } from "../../components/ui/icons.tsx";
import {
  ChartIcon,
  EuroIcon,
  FolderIcon,
  GearIcon,
  InboxIcon,
  ListIcon,
  NoteIcon,
  TrendIcon,
} from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { CalendarFeedCard } from "../calendar/calendar-feed-card.tsx";
import { type AdminBooking, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { BookingDialog } from "./booking-dialog.tsx";
import { CalendarChangesCard } from "./calendar-changes-card.tsx";
import { PendingHoldersCard } from "./pending-holders-card.tsx";
import { SetupChecklist } from "./setup-checklist.tsx";

const TILES = [
  {
    to: "/admin/agenda",
    title: "admin.dashboard.tile.agenda",
    text: "admin.dashboard.tile.agendaText",
    Icon: ClockIcon,
  },
  {
    to: "/admin/availability",
    title: "admin.dashboard.tile.availability",
    text: "admin.dashboard.tile.availabilityText",
    Icon: CalendarIcon,
  },
  {
    to: "/admin/bookings",
    title: "admin.dashboard.tile.bookings",
    text: "admin.dashboard.tile.bookingsText",
    Icon: ListIcon,
  },
  {
    to: "/admin/orders",
    title: "admin.dashboard.tile.orders",
    text: "admin.dashboard.tile.ordersText",
    Icon: EuroIcon,
  },
  {
    to: "/admin/documents",
    title: "admin.dashboard.tile.documents",
    text: "admin.dashboard.tile.documentsText",
    Icon: ListIcon,
  },
  {
    to: "/admin/students",
    title: "admin.dashboard.tile.students",
    text: "admin.dashboard.tile.studentsText",
    Icon: UsersIcon,
  },
  {
    to: "/admin/notes",
    title: "admin.dashboard.tile.notes",
    text: "admin.dashboard.tile.notesText",
    Icon: NoteIcon,
  },
  {
    to: "/admin/files",
    title: "admin.dashboard.tile.files",
    text: "admin.dashboard.tile.filesText",
    Icon: FolderIcon,
  },
  {
    to: "/admin/settings",
    title: "admin.dashboard.tile.settings",
    text: "admin.dashboard.tile.settingsText",
    Icon: GearIcon,
  },
  {
    to: "/admin/inbox",
    title: "admin.dashboard.tile.inbox",
    text: "admin.dashboard.tile.inboxText",
    Icon: InboxIcon,
  },
  {
    to: "/admin/email",
    title: "admin.dashboard.tile.email",
    text: "admin.dashboard.tile.emailText",
    Icon: MailIcon,
  },
  {
    to: "/admin/question-bank",
    title: "admin.dashboard.tile.questionBank",
    text: "admin.dashboard.tile.questionBankText",
    Icon: ChartIcon,
  },
  {
    to: "/admin/money",
    title: "admin.dashboard.tile.money",
    text: "admin.dashboard.tile.moneyText",
    Icon: TrendIcon,
  },
] as const satisfies readonly { to: string; title: MessageKey; text: MessageKey; Icon: unknown }[];

export function AdminDashboard() {
  const prefs = useAdminPrefs();
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<AdminBooking | null>(null);
  const stats = useQuery({
    ...trpc.admin.dashboardStats.queryOptions(),
    retry: (n, e) => !isSessionExpired(e) && n < 1,
  });
  const recent = useQuery({
    ...trpc.admin.bookings.list.queryOptions({ limit: RECENT_BOOKINGS_LIMIT }),
    retry: (n, e) => !isSessionExpired(e) && n < 1,
  });
  // Only the open counts are needed here: one row of each list is the smallest page.
  const inbox = useQuery({ ...trpc.admin.inbox.list.queryOptions({ limit: 1 }), retry: false });
  const loadError = stats.error ?? recent.error;
  useLoadFailure(loadError, t("admin.dashboard.loadFailed"));

  const confirm = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: () => {
        toast({
          title: t("admin.dashboard.confirmed"),
          description: t("admin.dashboard.confirmedText"),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pendingHolders.queryKey() });
      },
      onError: (e) => fail(e, t("admin.dashboard.confirmFailed")),
    }),
  );

  const open = inbox.data ? inbox.data.open.availabilityRequests + inbox.data.open.groupSignups : 0;

  return (
    <>
      <CalendarChangesCard className="mb-6" />
      <SetupChecklist />
      <section aria-label={t("admin.dashboard.management")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map((tile) => (
          <Link
            key={tile.to}
            to={tile.to}
            className="group flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-blue-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:flex-row sm:items-center sm:p-5"
          >
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-blue-50 text-blue-900 transition group-hover:bg-blue-900 group-hover:text-amber-300">
              <tile.Icon className="h-6 w-6" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{t(tile.title)}</span>
              <span className="mt-0.5 hidden text-sm text-slate-500 sm:block">{t(tile.text)}</span>
            </span>
          </Link>
        ))}
      </section>

      <section aria-label={t("admin.dashboard.statistics")} className="mt-6 grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          label={t("admin.dashboard.totalBookings")}
          value={stats.data?.totalBookings ?? "–"}
          icon={<ListIcon className="h-5 w-5" />}
        />
        <StatCard
          label={t("admin.dashboard.pendingBookings")}
          value={stats.data?.pendingBookings ?? "–"}
          icon={<ClockIcon className="h-5 w-5" />}
        />
        <StatCard
          label={t("admin.dashboard.totalStudents")}
          value={stats.data?.totalStudents ?? "–"}
          icon={<UsersIcon className="h-5 w-5" />}
        />
      </section>

      {open > 0 && (
        <Link
          to="/admin/inbox"
          className="mt-4 flex items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <InboxIcon className="h-6 w-6" />
          <span className="flex-1 text-sm font-medium">{t("admin.dashboard.inboxOpen", { count: open })}</span>
          <span aria-hidden="true">→</span>
        </Link>
      )}

      <PendingHoldersCard />

      <Card className="mt-6 p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 className="text-lg font-semibold text-slate-900">{t("admin.dashboard.recent")}</h2>
          <div className="flex gap-2 whitespace-nowrap">
            <Link to="/admin/inbox" className="text-sm font-semibold text-blue-800 hover:underline">
              {t("admin.dashboard.inbox")}
            </Link>
            <span className="text-slate-300" aria-hidden="true">
              |
            </span>
            <Link to="/admin/bookings" className="text-sm font-semibold text-blue-800 hover:underline">
              {t("admin.dashboard.allBookings")}
            </Link>
          </div>
        </div>
        {recent.isPending ? (
          <Spinner label={t("admin.dashboard.loadingBookings")} />
        ) : !recent.data || recent.data.bookings.length === 0 ? (
          <EmptyState title={t("admin.dashboard.noRecent")} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.data.bookings.map((b) => (
              <li key={b.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {b.student.name} <StatusBadge status={b.status} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatAdminDateTime(b.lesson_date, prefs, true)} ·{" "}
                    {t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.lessonType.inPerson")}
                    {b.student.english_level ? ` · ${t("admin.level.inline", { level: b.student.english_level })}` : ""}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {b.guardian ? t("admin.dashboard.guardian", { name: b.guardian.name }) : ""}
                    {b.student.email}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setSelected(b)}
                    aria-label={t("admin.dashboard.viewDetailsOf", { name: b.student.name })}
                  >
                    {t("admin.dashboard.viewDetails")}
                  </Button>
                  {b.status === "pending" && (
                    <Button
                      size="sm"
                      onClick={() =>
                        confirm.mutate({
                          id: b.id,
                          data: { status: "confirmed", notes: b.notes, teacher_id: b.teacher_id },
                        })
                      }
                      disabled={confirm.isPending}
                      aria-label={t("admin.dashboard.confirmOf", { name: b.student.name })}
                    >
                      {t("admin.dashboard.confirm")}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <div className="mt-6">
        <CalendarFeedCard
          endpoint="/admin/calendar-feed"
          title={t("admin.dashboard.feedTitle")}
          description={t("admin.dashboard.feedText")}
        />
      </div>
      <BookingDialog booking={selected} onClose={() => setSelected(null)} />
    </>
  );
}
