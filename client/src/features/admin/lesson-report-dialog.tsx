// A report after each lesson (issue 31, item 2), written from the agenda on a phone in a minute:
// what was done, the homework (text, a file shared with the family or a link, a due date), the next
// focus and skill tags with a CEFR level. A new report starts from the learner's previous one (its
// next focus opens the summary, its skills come prefilled). The first save emails the family;
// later saves edit it quietly, and "Save and send again" emails it once more.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { CEFR_LEVELS, REPORT_SKILL_SUGGESTIONS, REPORT_SKILLS_LIMIT } from "../../../../shared/learner-options.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { formatAdminDate, formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

type Draft = RouterOutputs["admin"]["bookings"]["reportDraft"];
type ReportDto = NonNullable<Draft["report"]>;
/** A skill row; `row` tells rows apart while they are edited (they have no id until saved). */
type Skill = { skill: string; level: string; row: number };
let rows = 0;
const skillRow = (s: { skill: string; level: string }): Skill => ({ skill: s.skill, level: s.level, row: ++rows });
type Form = {
  summary: string;
  homework: string;
  homeworkDue: string;
  homeworkLink: string;
  homeworkFileId: string;
  nextFocus: string;
  skills: Skill[];
};

const EMPTY: Form = {
  summary: "",
  homework: "",
  homeworkDue: "",
  homeworkLink: "",
  homeworkFileId: "",
  nextFocus: "",
  skills: [],
};
const DEFAULT_LEVEL = "B1";

const formOf = (r: ReportDto): Form => ({
  summary: r.summary,
  homework: r.homework ?? "",
  homeworkDue: r.homework_due ?? "",
  homeworkLink: r.homework_link ?? "",
  homeworkFileId: r.homework_file_id ?? "",
  nextFocus: r.next_focus ?? "",
  skills: r.skills.map(skillRow),
});

/** The previous report as this one's start: its next focus begins the summary, its skills stay. */
const formFromPrevious = (r: ReportDto): Form => ({
  ...EMPTY,
  summary: r.next_focus ? `${r.next_focus}\n` : "",
  skills: r.skills.map(skillRow),
});

export function LessonReportDialog({
  booking,
  onClose,
  onSaved,
}: {
  booking: AdminBooking | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const prefs = useAdminPrefs();
  const draft = useQuery({
    ...trpc.admin.bookings.reportDraft.queryOptions({ id: booking?.id ?? "" }),
    enabled: booking !== null,
    staleTime: 0,
  });
  useLoadFailure(draft.error, t("admin.report.loadFailed"));
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      size="lg"
      title={t("admin.report.title")}
      description={
        booking
          ? t("admin.report.lesson", {
              name: booking.student.name,
              date: formatAdminDateTime(booking.lesson_date, prefs, true),
            })
          : undefined
      }
    >
      {booking && draft.data ? (
        <ReportForm key={booking.id} booking={booking} draft={draft.data} onClose={onClose} onSaved={onSaved} />
      ) : draft.isError ? (
        <p className="text-sm text-red-700">{t("admin.report.loadFailed")}</p>
      ) : (
        <Spinner label={t("admin.report.loading")} />
      )}
    </Modal>
  );
}

function ReportForm({
  booking,
  draft,
  onClose,
  onSaved,
}: {
  booking: AdminBooking;
  draft: Draft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const flight = useSingleFlight();
  const skillList = useId();
  const fromPrevious = !draft.report && draft.previous !== null;
  const [form, setForm] = useState<Form>(() =>
    draft.report ? formOf(draft.report) : draft.previous ? formFromPrevious(draft.previous) : EMPTY,
  );
  const [started, setStarted] = useState(fromPrevious);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  useEffect(() => {
    if (form.summary.trim()) setSummaryError(null);
  }, [form.summary]);

  const save = useMutation(
    trpc.admin.bookings.saveReport.mutationOptions({
      onSuccess: ({ emailed }) => {
        toast({ title: t(emailed ? "admin.report.savedEmailed" : "admin.report.saved"), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.reportDraft.queryKey({ id: booking.id }) });
        onSaved();
        onClose();
      },
      onError: (e) => fail(e, t("admin.report.failed")),
    }),
  );

  const submit = (sendAgain: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.summary.trim()) {
      setSummaryError(t("admin.report.summaryMissing"));
      return;
    }
    const skills = form.skills.filter((s) => s.skill.trim() !== "").map((s) => ({ skill: s.skill, level: s.level }));
    void flight.run(() => save.mutateAsync({ id: booking.id, data: { ...form, skills, sendAgain } }));
  };

  const taken = new Set(form.skills.map((s) => s.skill.trim().toLowerCase()));
  const suggestions = REPORT_SKILL_SUGGESTIONS.filter((s) => !taken.has(s));
  const canAddSkill = form.skills.length < REPORT_SKILLS_LIMIT;
  const addSkill = (skill: string) => set({ skills: [...form.skills, skillRow({ skill, level: DEFAULT_LEVEL })] });
  const setSkill = (i: number, change: Partial<Skill>) =>
    set({ skills: form.skills.map((s, j) => (j === i ? { ...s, ...change } : s)) });
  const emailed = draft.report?.emailed_at ?? null;

  return (
    <form onSubmit={submit(false)} noValidate aria-label={t("admin.report.title")} className="space-y-4">
      {started && draft.previous && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-blue-50 px-3 py-2 text-sm text-blue-900">
          <p>
            {t("admin.report.fromPrevious", {
              date: formatAdminDate(draft.previous.updated_at, prefs),
            })}
          </p>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setForm(EMPTY);
              setStarted(false);
            }}
          >
            {t("admin.report.clear")}
          </Button>
        </div>
      )}
      <TextAreaField
        label={t("admin.report.summary")}
        required
        rows={3}
        value={form.summary}
        error={summaryError}
        onChange={(e) => set({ summary: e.target.value })}
      />

      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("admin.report.homework")}</legend>
        <TextAreaField
          label={t("admin.report.homeworkText")}
          rows={2}
          value={form.homework}
          onChange={(e) => set({ homework: e.target.value })}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={t("admin.report.due")}
            type="date"
            value={form.homeworkDue}
            onChange={(e) => set({ homeworkDue: e.target.value })}
          />
          <TextField
            label={t("admin.report.link")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={form.homeworkLink}
            onChange={(e) => set({ homeworkLink: e.target.value })}
          />
        </div>
        {draft.files.length > 0 && (
          <SelectField
            label={t("admin.report.file")}
            hint={t("admin.report.fileHint")}
            placeholder={t("admin.report.noFile")}
            options={draft.files.map((f) => ({ value: f.id, label: f.title }))}
            value={form.homeworkFileId}
            onChange={(e) => set({ homeworkFileId: e.target.value })}
          />
        )}
      </fieldset>

      <TextField
        label={t("admin.report.nextFocus")}
        value={form.nextFocus}
        onChange={(e) => set({ nextFocus: e.target.value })}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">{t("admin.report.skills")}</legend>
        <p className="text-xs text-slate-500">{t("admin.report.skillsHint")}</p>
        {form.skills.length > 0 && (
          <ul className="space-y-2">
            {form.skills.map((s, i) => (
              <li key={s.row} className="flex items-end gap-2">
                <TextField
                  className="min-w-0 flex-1"
                  label={t("admin.report.skill")}
                  list={skillList}
                  value={s.skill}
                  onChange={(e) => setSkill(i, { skill: e.target.value })}
                />
                <SelectField
                  className="w-20 shrink-0"
                  label={t("admin.report.level")}
                  options={CEFR_LEVELS.map((l) => ({ value: l, label: l }))}
                  value={s.level}
                  onChange={(e) => setSkill(i, { level: e.target.value })}
                />
                <button
                  type="button"
                  onClick={() => set({ skills: form.skills.filter((_, j) => j !== i) })}
                  aria-label={t("admin.report.removeSkill", { skill: s.skill || t("admin.report.skill") })}
                  className="mb-0.5 min-h-11 min-w-11 rounded-lg text-2xl leading-none text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <datalist id={skillList}>
          {REPORT_SKILL_SUGGESTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        {canAddSkill && (
          <div className="flex flex-wrap gap-1.5">
            {suggestions.slice(0, 9).map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => addSkill(s)}
                className="min-h-9 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                + {s}
              </button>
            ))}
            <button
              type="button"
              onClick={() => addSkill("")}
              className="min-h-9 rounded-full border border-dashed border-slate-400 px-3 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {t("admin.report.addSkill")}
            </button>
          </div>
        )}
      </fieldset>

      <p className="text-xs text-slate-600">
        {emailed
          ? t("admin.report.emailedOn", { date: formatAdminDateTime(emailed, prefs) })
          : t("admin.report.willEmail")}
      </p>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        {emailed && (
          <Button variant="outline" disabled={flight.busy} onClick={() => submit(true)()}>
            {t("admin.report.sendAgain")}
          </Button>
        )}
        <Button type="submit" disabled={flight.busy}>
          {flight.busy ? t("admin.report.saving") : t(emailed ? "admin.report.save" : "admin.report.saveAndEmail")}
        </Button>
      </div>
    </form>
  );
}
