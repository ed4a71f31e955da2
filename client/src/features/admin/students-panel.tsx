// Student Profiles (panel 5): counters by level with percentages, search, the table and the
// profile dialog with booking history. Issue 31: a row per learner (the account holder's own and
// each child), a child's showing their guardian and the guardian's contact; a family account with
// no learners yet is one row.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ENGLISH_LEVELS } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge, StatusBadge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { SearchTextField, useSearch } from "../../components/ui/search-text-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type AdminStudent, useLoadFailure } from "./admin-api.ts";
import { formatAdminDate, formatAdminDateTime, levelLabel, useAdminPrefs } from "./admin-format.ts";
import { DetailRow } from "./admin-shell.tsx";
import { LearnerRecords } from "./learner-records.tsx";
import { ProgressGlance } from "./progress-glance.tsx";
import { StudentCredits } from "./student-credits.tsx";
import { WeeklyCapForm } from "./weekly-cap-form.tsx";

const LEVEL_TONES = { beginner: "green", intermediate: "blue", advanced: "purple" } as const;

/** The lesson type a student prefers, as stored ("online", "in-person", "either"). */
const PREFERRED_TYPES: Record<string, MessageKey> = {
  online: "admin.students.prefType.online",
  "in-person": "admin.students.prefType.inPerson",
  either: "admin.students.prefType.either",
};

/** A parent or guardian's account: the learners they booked for. */
function GuardianOf({ learners }: { learners: string[] }) {
  const t = useT();
  if (learners.length === 0) return null;
  return (
    <p className="text-xs font-normal text-slate-600">
      {t("admin.students.guardianOf", { names: learners.join(", ") })}
    </p>
  );
}

/** Issue 31: each learner of the family, a person of their own. */
function FamilyLearners({ learners }: { learners: AdminStudent["family"] }) {
  const t = useT();
  return (
    <section className="mt-5" aria-labelledby="family-learners">
      <h3 id="family-learners" className="mb-2 text-sm font-semibold text-slate-900">
        {t("admin.students.family")}
      </h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {learners.map((l) => (
          <li key={l.id} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {l.is_self ? t("admin.students.familySelf", { name: l.name }) : l.name}
              </p>
              <p className="text-xs text-slate-600">
                {t("admin.students.familyLine", { group: l.age_group, count: l.total_lessons })}
              </p>
              {l.goals && <p className="mt-0.5 text-slate-700">{l.goals}</p>}
            </div>
            <LevelBadge level={l.level} />
          </li>
        ))}
      </ul>
    </section>
  );
}

type FamilyLearner = AdminStudent["family"][number];
/** One row of the list: a learner of a family account, or the account holder without a learner of their own. */
type ProfileRow = { key: string; student: AdminStudent; learner: FamilyLearner | null };

function rowsOf(students: AdminStudent[]): ProfileRow[] {
  // The server pages a row per learner; the account holder has a row of their own (learner
  // null) while no learner is theirs (a parent who books only for the children, an adult who
  // took a placement before booking).
  return students.map((s) => ({ key: s.learner?.id ?? s.id, student: s, learner: s.learner }));
}

/** What a row shows of its learner, the account's own profile filling in for the holder. */
function profileOf(r: ProfileRow) {
  const { student: s, learner: l } = r;
  const isHolder = !l || l.is_self;
  return {
    name: l?.name ?? s.name,
    guardian: isHolder ? null : s,
    level: l?.level ?? (isHolder ? s.english_level : null),
    focus: l?.goals ?? (isHolder ? s.lesson_focus : null),
    lessons: l ? l.total_lessons : s.total_lessons,
    // A lesson without a learner (none was named) stays with the account holder's.
    bookings: l ? s.bookings.filter((b) => b.learner_id === l.id || (l.is_self && !b.learner_id)) : s.bookings,
  };
}

/** A child's row: their parent or guardian, whose contact the row shows. */
function GuardianLine({ row }: { row: ProfileRow }) {
  const t = useT();
  const d = profileOf(row);
  if (d.guardian) {
    return (
      <p className="text-xs font-normal text-slate-600">{t("admin.details.guardian", { name: d.guardian.name })}</p>
    );
  }
  return <GuardianOf learners={row.student.learners} />;
}

export function LevelBadge({ level }: { level: string | null }) {
  const t = useT();
  return (
    <Badge tone={level && level in LEVEL_TONES ? LEVEL_TONES[level as keyof typeof LEVEL_TONES] : "neutral"}>
      {levelLabel(level, t)}
    </Badge>
  );
}

function ViewProfile(props: { row: ProfileRow; onView: (r: ProfileRow) => void; className?: string }) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant="outline"
      className={props.className}
      onClick={() => props.onView(props.row)}
      aria-label={t("admin.students.viewProfileOf", { name: profileOf(props.row).name })}
    >
      {t("admin.students.viewProfile")}
    </Button>
  );
}

export function StudentsPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
  const search = useSearch();
  const [selectedRow, setSelected] = useState<ProfileRow | null>(null);
  const page = usePage({ search: search.query || undefined }, ADMIN_PAGE_SIZE);
  const students = useQuery({ ...trpc.admin.students.queryOptions(page.params), placeholderData: keepPreviousData });
  useLoadFailure(students.error, t("admin.students.loadFailed"));

  const shown = rowsOf(students.data?.students ?? []);
  const total = students.data?.total ?? 0;
  const allCount = students.data?.counts.all ?? 0;
  const counters = ENGLISH_LEVELS.map((level) => {
    const n = students.data?.counts[level] ?? 0;
    return { level, n, pct: allCount ? Math.round((n / allCount) * 100) : 0 };
  });

  return (
    <>
      <ProgressGlance prefs={prefs} onFind={search.box.onChange} />
      <section aria-label={t("admin.students.byLevel")} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Card className="p-4">
          <p className="text-sm text-slate-500">{t("admin.students.all")}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{allCount}</p>
        </Card>
        {counters.map((c) => (
          <Card key={c.level} className="p-4">
            <p className="text-sm text-slate-500">{levelLabel(c.level, t)}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums">
              {c.n} <span className="text-sm font-medium text-slate-500">({c.pct}%)</span>
            </p>
            <div className="mt-2 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-1.5 rounded-full bg-blue-800" style={{ width: `${c.pct}%` }} />
            </div>
          </Card>
        ))}
      </section>

      <div className="my-5 max-w-md">
        <SearchTextField
          label={t("admin.students.search")}
          placeholder={t("admin.students.searchPlaceholder")}
          {...search.box}
        />
      </div>

      {students.isPending ? (
        <Spinner label={t("admin.students.loading")} />
      ) : total === 0 ? (
        <EmptyState
          title={t("admin.students.none")}
          message={t(allCount ? "admin.students.noneSearch" : "admin.students.noneYet")}
        />
      ) : (
        <>
          <DataTable
            rows={shown}
            rowKey={(r) => r.key}
            tableClassName="min-w-[44rem]"
            columns={[
              {
                key: "student",
                header: t("admin.students.col.student"),
                cellClassName: "font-medium whitespace-nowrap text-slate-900",
                cell: (r) => (
                  <>
                    {profileOf(r).name}
                    <GuardianLine row={r} />
                  </>
                ),
              },
              {
                key: "contact",
                header: t("admin.students.col.contact"),
                cellClassName: "text-slate-700",
                cell: ({ student: s }) => (
                  <>
                    <p className="break-all">{s.email}</p>
                    {s.phone && <p className="text-xs text-slate-500">{s.phone}</p>}
                  </>
                ),
              },
              {
                key: "level",
                header: t("admin.students.col.level"),
                cell: (r) => <LevelBadge level={profileOf(r).level} />,
              },
              {
                key: "focus",
                header: t("admin.students.col.focus"),
                cellClassName: "text-slate-700",
                cell: (r) => profileOf(r).focus || "—",
              },
              {
                key: "lessons",
                header: t("admin.students.col.lessons"),
                headerClassName: "text-right",
                cellClassName: "text-right tabular-nums",
                cell: (r) => profileOf(r).lessons,
              },
              {
                key: "joined",
                header: t("admin.students.col.joined"),
                cellClassName: "whitespace-nowrap text-slate-700",
                cell: (r) => formatAdminDate(r.student.created_at, prefs),
              },
              {
                key: "actions",
                header: <span className="sr-only">{t("admin.students.col.actions")}</span>,
                cellClassName: "whitespace-nowrap",
                cell: (r) => <ViewProfile row={r} onView={setSelected} />,
              },
            ]}
            card={(r) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{profileOf(r).name}</p>
                    <GuardianLine row={r} />
                    <p className="truncate text-xs text-slate-500">
                      {r.student.email}
                      {r.student.phone ? ` · ${r.student.phone}` : ""}
                    </p>
                  </div>
                  <LevelBadge level={profileOf(r).level} />
                </div>
                {profileOf(r).focus && <p className="mt-2 text-sm text-slate-700">{profileOf(r).focus}</p>}
                <p className="mt-1 text-xs text-slate-500">
                  {t("admin.students.cardLine", {
                    count: profileOf(r).lessons,
                    date: formatAdminDate(r.student.created_at, prefs),
                  })}
                </p>
                <ViewProfile row={r} onView={setSelected} className="mt-3" />
              </>
            )}
          />
          <Pager label={t("admin.students.pages")} total={total} {...page.pager} />
        </>
      )}

      <Modal
        open={selectedRow !== null}
        onClose={() => setSelected(null)}
        title={selectedRow ? profileOf(selectedRow).name : ""}
        description={
          selectedRow
            ? selectedRow.learner && !selectedRow.learner.is_self
              ? t("admin.details.guardian", { name: selectedRow.student.name })
              : selectedRow.student.email
            : undefined
        }
        size="lg"
      >
        {selectedRow && <StudentProfile row={selectedRow} />}
      </Modal>
    </>
  );
}

/** A learner's profile: who they are, their guardian's contact, their lessons and what the teacher keeps about them. */
function StudentProfile({ row }: { row: ProfileRow }) {
  const prefs = useAdminPrefs();
  const t = useT();
  const { student: s, learner } = row;
  const d = profileOf(row);
  const isHolder = !learner || learner.is_self;
  return (
    <>
      <dl className="rounded-xl bg-slate-50 p-4">
        {d.guardian && (
          <DetailRow label={t("admin.profile.guardian")}>
            <span className="block">{d.guardian.name}</span>
            <span className="block break-all">{d.guardian.email}</span>
            {d.guardian.phone && <span className="block">{d.guardian.phone}</span>}
          </DetailRow>
        )}
        {isHolder && s.learners.length > 0 && (
          <DetailRow label={t("admin.students.guardianOfLabel")}>{s.learners.join(", ")}</DetailRow>
        )}
        {learner && (
          <DetailRow label={t("admin.profile.ageGroup")}>
            {t("admin.profile.ageGroupValue", { group: learner.age_group })}
          </DetailRow>
        )}
        {isHolder && (
          <DetailRow label={t("admin.students.phone")}>{s.phone || t("admin.students.notProvided")}</DetailRow>
        )}
        <DetailRow label={t("admin.students.level")}>
          <LevelBadge level={d.level} />
        </DetailRow>
        <DetailRow label={t("admin.students.focus")}>{d.focus || t("admin.students.notSpecified")}</DetailRow>
        {isHolder && (
          <>
            <DetailRow label={t("admin.students.preferredType")}>
              {s.preferred_type
                ? PREFERRED_TYPES[s.preferred_type]
                  ? t(PREFERRED_TYPES[s.preferred_type])
                  : s.preferred_type
                : "—"}
            </DetailRow>
            <DetailRow label={t("admin.students.preferredPlace")}>{s.preferred_location || "—"}</DetailRow>
          </>
        )}
        <DetailRow label={t("admin.students.joined")}>{formatAdminDate(s.created_at, prefs)}</DetailRow>
        {isHolder && s.notes && <DetailRow label={t("admin.students.notes")}>{s.notes}</DetailRow>}
      </dl>
      {s.family.length > 1 && <FamilyLearners learners={s.family} />}
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">
        {t("admin.students.history", { count: d.bookings.length })}
      </h3>
      {d.bookings.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.students.noBookings")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {d.bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
              <span>
                {formatAdminDateTime(b.lesson_date, prefs, true)}
                <span className="text-slate-500">
                  {" "}
                  {learner ? "" : s.learners.length > 0 ? ` · ${b.learner_name}` : ""}·{" "}
                  {t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.lessonType.inPerson")}
                  {b.teacher_name ? ` · ${b.teacher_name}` : ""}
                </span>
              </span>
              <StatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
      <LearnerRecords whom={{ studentId: s.id, learnerId: learner?.id ?? null, name: d.name }} prefs={prefs} />
      <WeeklyCapForm
        key={learner?.id ?? s.id}
        studentId={s.id}
        learner={learner}
        familyCap={s.weekly_cap}
        showFamily={s.family.length > 1 || isHolder}
      />
      <StudentCredits studentId={s.id} prefs={prefs} />
    </>
  );
}
