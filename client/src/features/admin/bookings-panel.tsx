// All Bookings (panel 6): search, status and teacher filters, a table that becomes cards on a
// phone, and the view and update dialogs. "Past, still pending" lists lessons whose time has
// passed without a confirmation, with one-click Mark completed / Cancel to settle them.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BOOKING_STATUSES } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { SearchTextField, useSearch } from "../../components/ui/search-text-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { type RouterInputs, trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type AdminBooking, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDate, formatAdminTime, useAdminPrefs } from "./admin-format.ts";
import { cancellationReasonText } from "./admin-results.ts";
import { FilterBar } from "./admin-shell.tsx";
import { BookingStudent } from "./booking-details.tsx";
import { BookingDialog } from "./booking-dialog.tsx";
import { CantComeAnswer } from "./cant-come-answer.tsx";

type StatusFilter = NonNullable<RouterInputs["admin"]["bookings"]["list"]["status"]>;
type BookingSort = NonNullable<RouterInputs["admin"]["bookings"]["list"]["sort"]>;

const STATUS_FILTERS: Record<(typeof BOOKING_STATUSES)[number], MessageKey> = {
  pending: "admin.bookings.filter.pending",
  confirmed: "admin.bookings.filter.confirmed",
  cancelled: "admin.bookings.filter.cancelled",
  completed: "admin.bookings.filter.completed",
};

export function BookingsPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
  const fail = useAdminFailure();
  const search = useSearch();
  const [status, setStatus] = useState<StatusFilter>("all");
  const [teacher, setTeacher] = useState("all");
  const [sort, setSort] = useState<BookingSort>("lesson_time");
  // Lessons from today on, in time order, unless the teacher asks for other days.
  const [from, setFrom] = useState(() => dateKeyInZone(new Date(), prefs.timezone));
  const [to, setTo] = useState("");
  const [dialog, setDialog] = useState<{ booking: AdminBooking; mode: "details" | "update" } | null>(null);
  const filters = {
    status,
    teacher_filter: teacher,
    search: search.query || undefined,
    sort,
    from: from || undefined,
    to: to || undefined,
  };
  const page = usePage(filters, ADMIN_PAGE_SIZE);
  const bookings = useQuery({
    ...trpc.admin.bookings.list.queryOptions(page.params),
    placeholderData: keepPreviousData,
  });
  const teachers = useQuery(trpc.admin.teachers.queryOptions());
  useLoadFailure(bookings.error, t("admin.bookings.loadFailed"));

  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: () => {
        toast({ title: t("admin.bookings.success"), description: t("admin.bookings.updated"), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
      },
      onError: (e) => fail(e, t("admin.bookings.updateFailed")),
    }),
  );
  const isPastPending = (b: AdminBooking) => b.status === "pending" && new Date(b.lesson_date) <= new Date();

  const list = bookings.data?.bookings ?? [];
  const total = bookings.data?.total ?? 0;
  const when = (b: AdminBooking) =>
    `${formatAdminDate(b.lesson_date, prefs, true)}, ${formatAdminTime(b.lesson_date, prefs)}`;
  const lessonType = (b: AdminBooking) =>
    t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.lessonType.inPerson");
  const actions = (b: AdminBooking) => (
    <div className="flex flex-wrap gap-2">
      {isPastPending(b) && (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={settle.isPending}
            onClick={() => settle.mutate({ id: b.id, data: { status: "completed" } })}
            aria-label={t("admin.bookings.markCompletedOf", { name: b.student.name })}
          >
            {t("admin.bookings.markCompleted")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            disabled={settle.isPending}
            onClick={() => settle.mutate({ id: b.id, data: { status: "cancelled" } })}
            aria-label={t("admin.bookings.cancelOf", { name: b.student.name })}
          >
            {t("admin.bookings.cancel")}
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => setDialog({ booking: b, mode: "details" })}
        aria-label={t("admin.bookings.viewOf", { name: b.student.name })}
      >
        {t("admin.bookings.view")}
      </Button>
      <Button
        size="sm"
        onClick={() => setDialog({ booking: b, mode: "update" })}
        aria-label={t("admin.bookings.updateOf", { name: b.student.name })}
      >
        {t("admin.bookings.update")}
      </Button>
    </div>
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
  };
  const cancellation = (b: AdminBooking) =>
    b.cant_come ? (
      <CantComeAnswer b={b} onAnswered={refresh} />
    ) : b.status === "cancelled" && (b.cancelled_by_student || b.cancellation_reason) ? (
      <p className="mt-1 text-xs text-red-800">
        {t(b.cancelled_by_student ? "admin.bookings.cancelledByStudent" : "admin.bookings.reason")}
        {b.cancellation_reason
          ? t("admin.bookings.quoted", { reason: cancellationReasonText(b.cancellation_reason, t) })
          : ""}
      </p>
    ) : null;

  return (
    <>
      <FilterBar>
        <SearchTextField
          className="lg:col-span-2"
          label={t("admin.bookings.search")}
          placeholder={t("admin.bookings.searchPlaceholder")}
          {...search.box}
        />
        <SelectField
          label={t("admin.bookings.status")}
          value={status}
          onChange={(e) => {
            const next = e.target.value as StatusFilter;
            // Lessons still pending after their time are all in the past: a "from today" hides them.
            if (next === "past_pending") setFrom("");
            setStatus(next);
          }}
          options={[
            { value: "all", label: t("admin.bookings.allStatuses") },
            ...BOOKING_STATUSES.map((s) => ({ value: s, label: t(STATUS_FILTERS[s]) })),
            { value: "past_pending", label: t("admin.bookings.pastPending") },
          ]}
        />
        <SelectField
          label={t("admin.bookings.teacher")}
          value={teacher}
          onChange={(e) => setTeacher(e.target.value)}
          options={[
            { value: "all", label: t("admin.bookings.allTeachers") },
            { value: "mine", label: t("admin.bookings.mine") },
            ...(teachers.data?.teachers ?? []).map((x) => ({ value: x.id, label: x.name })),
          ]}
        />
        <SelectField
          label={t("admin.bookings.order")}
          value={sort}
          onChange={(e) => setSort(e.target.value as BookingSort)}
          options={[
            { value: "lesson_time", label: t("admin.bookings.byLessonTime") },
            { value: "created", label: t("admin.bookings.newestFirst") },
          ]}
        />
        {/* A range of days, side by side even on a phone; "All dates" lifts it. */}
        <div className="grid grid-cols-2 gap-3 lg:col-span-2">
          <TextField
            label={t("admin.bookings.from")}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField label={t("admin.bookings.to")} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        {(from || to) && (
          <div className="flex items-end">
            <Button
              variant="outline"
              size="sm"
              className="min-h-10"
              onClick={() => {
                setFrom("");
                setTo("");
              }}
            >
              {t("admin.bookings.allDates")}
            </Button>
          </div>
        )}
      </FilterBar>

      {bookings.isPending ? (
        <Spinner label={t("admin.bookings.loading")} />
      ) : total === 0 ? (
        <EmptyState title={t("admin.bookings.none")} message={t("admin.bookings.noneHint")} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">{t("admin.bookings.count", { count: total })}</p>
          <DataTable
            rows={list}
            rowKey={(b) => b.id}
            rowClassName="align-top hover:bg-slate-50/60"
            columns={[
              {
                key: "student",
                header: t("admin.bookings.col.student"),
                cell: (b) => <BookingStudent booking={b} />,
              },
              { key: "lesson", header: t("admin.bookings.col.lesson"), cellClassName: "text-slate-700", cell: when },
              { key: "type", header: t("admin.bookings.col.type"), cellClassName: "text-slate-700", cell: lessonType },
              {
                key: "teacher",
                header: t("admin.bookings.col.teacher"),
                cellClassName: "text-slate-700",
                cell: (b) =>
                  b.teacher?.name ?? <span className="text-slate-500">{t("admin.bookings.unassigned")}</span>,
              },
              {
                key: "status",
                header: t("admin.bookings.col.status"),
                cell: (b) => (
                  <>
                    <StatusBadge status={b.status} />
                    {isPastPending(b) && (
                      <p className="mt-1 text-xs text-amber-800">{t("admin.bookings.pastPending")}</p>
                    )}
                    {cancellation(b)}
                  </>
                ),
              },
              {
                key: "actions",
                header: <span className="sr-only">{t("admin.bookings.col.actions")}</span>,
                cell: actions,
              },
            ]}
            card={(b) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <BookingStudent booking={b} compact />
                  </div>
                  <StatusBadge status={b.status} />
                </div>
                <p className="mt-2 text-sm text-slate-700">{when(b)}</p>
                <p className="text-sm text-slate-600">
                  {lessonType(b)} · {b.teacher?.name ?? t("admin.bookings.unassigned")}
                </p>
                {isPastPending(b) && <p className="mt-1 text-xs text-amber-800">{t("admin.bookings.pastPending")}</p>}
                {cancellation(b)}
                <div className="mt-3">{actions(b)}</div>
              </>
            )}
          />
          <Pager label={t("admin.bookings.pages")} total={total} {...page.pager} />
        </>
      )}
      <BookingDialog booking={dialog?.booking ?? null} mode={dialog?.mode} onClose={() => setDialog(null)} />
    </>
  );
}
