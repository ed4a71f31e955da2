// All Bookings (panel 6): search, status and teacher filters, a table that becomes cards on a
// phone, and the view and update dialogs. "Past, still pending" lists lessons whose time has
// passed without a confirmation, with one-click Mark completed / Cancel to settle them.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BOOKING_STATUSES } from "../../../../shared/constants.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { SearchTextField, useSearch } from "../../components/ui/search-text-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { type RouterInputs, trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type AdminBooking, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDate, formatAdminTime, useAdminPrefs } from "./admin-format.ts";
import { FilterBar } from "./admin-shell.tsx";
import { BookingStudent } from "./booking-details.tsx";
import { BookingDialog } from "./booking-dialog.tsx";

type StatusFilter = NonNullable<RouterInputs["admin"]["bookings"]["list"]["status"]>;
type BookingSort = NonNullable<RouterInputs["admin"]["bookings"]["list"]["sort"]>;

export function BookingsPanel() {
  const prefs = useAdminPrefs();
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
  useLoadFailure(bookings.error, "Failed to load bookings.");

  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: () => {
        toast({ title: "Success", description: "Booking updated successfully!", variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
      },
      onError: (e) => fail(e, "Failed to update booking."),
    }),
  );
  const isPastPending = (b: AdminBooking) => b.status === "pending" && new Date(b.lesson_date) <= new Date();

  const list = bookings.data?.bookings ?? [];
  const total = bookings.data?.total ?? 0;
  const when = (b: AdminBooking) =>
    `${formatAdminDate(b.lesson_date, prefs, true)}, ${formatAdminTime(b.lesson_date, prefs)}`;
  const lessonType = (b: AdminBooking) => (b.lesson_type === "online" ? "Online" : "In-person");
  const actions = (b: AdminBooking) => (
    <div className="flex flex-wrap gap-2">
      {isPastPending(b) && (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={settle.isPending}
            onClick={() => settle.mutate({ id: b.id, data: { status: "completed" } })}
            aria-label={`Mark ${b.student.name}'s lesson completed`}
          >
            Mark completed
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            disabled={settle.isPending}
            onClick={() => settle.mutate({ id: b.id, data: { status: "cancelled" } })}
            aria-label={`Cancel ${b.student.name}'s lesson`}
          >
            Cancel
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => setDialog({ booking: b, mode: "details" })}
        aria-label={`View ${b.student.name}'s booking`}
      >
        View
      </Button>
      <Button
        size="sm"
        onClick={() => setDialog({ booking: b, mode: "update" })}
        aria-label={`Update ${b.student.name}'s booking`}
      >
        Update
      </Button>
    </div>
  );
  const cancellation = (b: AdminBooking) =>
    b.status === "cancelled" && (b.cancelled_by_student || b.cancellation_reason) ? (
      <p className="mt-1 text-xs text-red-800">
        {b.cancelled_by_student ? "Cancelled by student" : "Reason"}
        {b.cancellation_reason ? `: “${b.cancellation_reason}”` : ""}
      </p>
    ) : null;

  return (
    <>
      <FilterBar>
        <SearchTextField
          className="lg:col-span-2"
          label="Search"
          placeholder="Student name, email, notes..."
          {...search.box}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            const next = e.target.value as StatusFilter;
            // Lessons still pending after their time are all in the past: a "from today" hides them.
            if (next === "past_pending") setFrom("");
            setStatus(next);
          }}
          options={[
            { value: "all", label: "All statuses" },
            ...BOOKING_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })),
            { value: "past_pending", label: "Past, still pending" },
          ]}
        />
        <SelectField
          label="Teacher"
          value={teacher}
          onChange={(e) => setTeacher(e.target.value)}
          options={[
            { value: "all", label: "All teachers" },
            { value: "mine", label: "My Bookings" },
            ...(teachers.data?.teachers ?? []).map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <SelectField
          label="Order"
          value={sort}
          onChange={(e) => setSort(e.target.value as BookingSort)}
          options={[
            { value: "lesson_time", label: "By lesson time" },
            { value: "created", label: "Newest bookings first" },
          ]}
        />
        {/* A range of days, side by side even on a phone; "All dates" lifts it. */}
        <div className="grid grid-cols-2 gap-3 lg:col-span-2">
          <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
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
              All dates
            </Button>
          </div>
        )}
      </FilterBar>

      {bookings.isPending ? (
        <Spinner label="Loading bookings" />
      ) : total === 0 ? (
        <EmptyState title="No bookings found" message="Try another search or filter." />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {total} {total === 1 ? "booking" : "bookings"}
          </p>
          <DataTable
            rows={list}
            rowKey={(b) => b.id}
            rowClassName="align-top hover:bg-slate-50/60"
            columns={[
              {
                key: "student",
                header: "Student",
                cell: (b) => <BookingStudent booking={b} />,
              },
              { key: "lesson", header: "Lesson", cellClassName: "text-slate-700", cell: when },
              { key: "type", header: "Type", cellClassName: "text-slate-700", cell: lessonType },
              {
                key: "teacher",
                header: "Teacher",
                cellClassName: "text-slate-700",
                cell: (b) => b.teacher?.name ?? <span className="text-slate-500">Unassigned</span>,
              },
              {
                key: "status",
                header: "Status",
                cell: (b) => (
                  <>
                    <StatusBadge status={b.status} />
                    {isPastPending(b) && <p className="mt-1 text-xs text-amber-800">Past, still pending</p>}
                    {cancellation(b)}
                  </>
                ),
              },
              { key: "actions", header: <span className="sr-only">Actions</span>, cell: actions },
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
                  {lessonType(b)} · {b.teacher?.name ?? "Unassigned"}
                </p>
                {isPastPending(b) && <p className="mt-1 text-xs text-amber-800">Past, still pending</p>}
                {cancellation(b)}
                <div className="mt-3">{actions(b)}</div>
              </>
            )}
          />
          <Pager label="Booking pages" total={total} {...page.pager} />
        </>
      )}
      <BookingDialog booking={dialog?.booking ?? null} mode={dialog?.mode} onClose={() => setDialog(null)} />
    </>
  );
}
