// The teacher books a lesson for a student (issue 32, item 6): a walk-in, a booking made on
// WhatsApp. Whom (a learner found by name, or a new student with a phone or an email), what (online
// or in person, a single lesson or a package) and when (a free time of hers on a week view); the
// server books it as a normal lesson, held to her free time only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { hasNoEmail } from "../../../../shared/no-email.ts";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { TeacherWeekPicker } from "./teacher-week-picker.tsx";

type Who = "existing" | "new";
type Found = { id: string; name: string; contact: string };

/** Learners of the families the search finds; a family without one is booked for its account holder. */
function useLearnerSearch(search: string) {
  const term = search.trim();
  const students = useQuery({
    ...trpc.admin.students.queryOptions({ search: term, limit: 8 }),
    enabled: term.length >= 2,
    placeholderData: (previous) => previous,
  });
  const found: Found[] = (term.length >= 2 ? (students.data?.students ?? []) : []).flatMap((s) => {
    const contact = [s.phone, hasNoEmail(s.email) ? null : s.email].filter(Boolean).join(" · ");
    // A row per learner; a family without any is booked for its account holder.
    if (s.learner) return [{ id: s.learner.id, name: s.learner.name, contact }];
    return s.family.length > 0 ? [] : [{ id: s.id, name: s.name, contact }];
  });
  return { found, isFetching: students.isFetching && term.length >= 2 };
}

export function BookLessonDialog({
  open,
  onClose,
  onBooked,
}: {
  open: boolean;
  onClose: () => void;
  onBooked?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const flight = useSingleFlight();
  const [who, setWho] = useState<Who>("existing");
  const [search, setSearch] = useState("");
  const [studentId, setStudentId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [lessonType, setLessonType] = useState<"online" | "in-person">("online");
  const [location, setLocation] = useState("");
  const [packageId, setPackageId] = useState("");
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per opening: a double tap, or a repeat after a lost answer, books once.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const { found, isFetching } = useLearnerSearch(search);
  const packages = useQuery({ ...trpc.booking.packages.queryOptions(), enabled: open });

  useEffect(() => {
    if (!open) return;
    setWho("existing");
    setSearch("");
    setStudentId(null);
    setName("");
    setPhone("");
    setEmail("");
    setLessonType("online");
    setLocation("");
    setPackageId("");
    setTime(null);
    setError(null);
    setAttempt(newIdempotencyKey());
  }, [open]);

  const book = useMutation(
    trpc.admin.bookings.create.mutationOptions({
      onSuccess: ({ booking, student }) => {
        toast({
          title: t("admin.book.done"),
          description: t("admin.book.doneText", {
            name: student.name,
            date: formatAdminDateTime(booking.lesson_date, prefs, true),
          }),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.agenda.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.freeTimes.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.students.pathKey() });
        onBooked?.();
        onClose();
      },
      onError: (e) => {
        fail(e, t("admin.book.failed"));
        setAttempt(newIdempotencyKey());
        void queryClient.invalidateQueries({ queryKey: trpc.admin.freeTimes.pathKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing =
      who === "existing" && !studentId
        ? t("admin.book.chooseStudent")
        : who === "new" && !name.trim()
          ? t("admin.book.nameMissing")
          : who === "new" && !phone.trim() && !email.trim()
            ? t("admin.book.contactMissing")
            : lessonType === "in-person" && !location.trim()
              ? t("admin.book.locationMissing")
              : !time
                ? t("admin.book.chooseTime")
                : null;
    setError(missing);
    if (missing || !time) return;
    const whom =
      who === "existing"
        ? { student_id: studentId }
        : { student: { name: name.trim(), phone: phone.trim() || null, email: email.trim() || null } };
    void flight.run(() =>
      book.mutateAsync({
        ...whom,
        lesson_date: time,
        lessonType,
        location: lessonType === "in-person" ? location.trim() : null,
        packageId: packageId || null,
        locale,
        idempotency_key: attempt,
      }),
    );
  };

  const packageOptions = (packages.data ?? [])
    .filter((p) => p.lessons > 1 && (p.lessonType === "either" || p.lessonType === lessonType))
    .map((p) => ({ value: p.id, label: t("admin.book.packageOption", { name: p.name, count: p.lessons }) }));
  const radio = (value: Who, label: string) => (
    <label className="flex min-h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold has-[:checked]:bg-white has-[:checked]:text-blue-900 has-[:checked]:shadow-sm">
      <input type="radio" name="book-who" className="sr-only" checked={who === value} onChange={() => setWho(value)} />
      {label}
    </label>
  );

  return (
    <Modal open={open} onClose={onClose} size="xl" title={t("admin.book.title")} description={t("admin.book.intro")}>
      <form onSubmit={submit} noValidate aria-label={t("admin.book.formLabel")} className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("admin.book.who")}</legend>
          <div className="flex rounded-xl bg-slate-100 p-1 text-slate-600">
            {radio("existing", t("admin.book.existing"))}
            {radio("new", t("admin.book.new"))}
          </div>
        </fieldset>

        {who === "existing" ? (
          <div>
            <TextField
              label={t("admin.book.search")}
              type="search"
              value={search}
              autoComplete="off"
              hint={t("admin.book.searchHint")}
              onChange={(e) => {
                setSearch(e.target.value);
                setStudentId(null);
              }}
            />
            {search.trim().length >= 2 && (
              <fieldset className="mt-2" aria-busy={isFetching}>
                <legend className="sr-only">{t("admin.book.results")}</legend>
                {found.length === 0 && !isFetching ? (
                  <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t("admin.book.noResults")}</p>
                ) : (
                  <ul className="max-h-48 space-y-1 overflow-y-auto">
                    {found.map((f) => (
                      <li key={f.id}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-blue-900 has-[:checked]:bg-blue-50">
                          <input
                            type="radio"
                            name="book-student"
                            checked={studentId === f.id}
                            onChange={() => setStudentId(f.id)}
                          />
                          <span className="min-w-0">
                            <span className="block font-semibold text-slate-900">{f.name}</span>
                            {f.contact && <span className="block truncate text-xs text-slate-500">{f.contact}</span>}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
            )}
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label={t("admin.book.name")}
              required
              value={name}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label={t("admin.book.phone")}
              type="tel"
              value={phone}
              autoComplete="off"
              onChange={(e) => setPhone(e.target.value)}
            />
            <TextField
              label={t("admin.book.email")}
              type="email"
              value={email}
              autoComplete="off"
              onChange={(e) => setEmail(e.target.value)}
            />
            <p className="text-xs text-slate-500 sm:col-span-3">{t("admin.book.contactHint")}</p>
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t("admin.book.type")}
            value={lessonType}
            onChange={(e) => {
              setLessonType(e.target.value === "in-person" ? "in-person" : "online");
              setPackageId("");
            }}
            options={[
              { value: "online", label: t("admin.book.online") },
              { value: "in-person", label: t("admin.book.inPerson") },
            ]}
          />
          {lessonType === "in-person" && (
            <TextField
              label={t("admin.book.location")}
              required
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          )}
          <SelectField
            label={t("admin.book.package")}
            value={packageId}
            onChange={(e) => setPackageId(e.target.value)}
            options={packageOptions}
            placeholder={t("admin.book.singleLesson")}
            hint={packageId ? t("admin.book.packageHint") : undefined}
          />
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("admin.book.when")}</legend>
          {open && <TeacherWeekPicker timeZone={prefs.timezone} selected={time} onSelect={setTime} />}
        </fieldset>

        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={
            time ? t("admin.book.submitAt", { date: formatAdminDateTime(time, prefs, true) }) : t("admin.book.submit")
          }
          pendingLabel={t("admin.book.pending")}
          isPending={flight.busy}
        />
      </form>
    </Modal>
  );
}
