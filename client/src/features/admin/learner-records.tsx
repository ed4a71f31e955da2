// Issue 31: what the teacher keeps about one learner, in their profile: notes about them, files
// shared with them (the family finds these under the learner in the portal), and their placement
// results and certificates. A family account without learners yet keeps them on the account.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import { Button } from "../../components/ui/button.tsx";
import { CheckboxField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";
import { TermlyReportCard } from "./termly-report-card.tsx";

const LevelChart = lazy(() => import("../../components/level-chart.tsx"));

type Whom = { studentId: string; learnerId: string | null; name: string };

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="mt-5 mb-2 text-sm font-semibold text-slate-900">
      {children}
    </h3>
  );
}

function NotesAbout({ whom, prefs }: { whom: Whom; prefs: AdminPrefs }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const filter = whom.learnerId ? { learner_id: whom.learnerId } : { student_id: whom.studentId };
  const notes = useQuery(trpc.admin.notes.list.queryOptions({ ...filter, limit: 50 }));
  useLoadFailure(notes.error, t("admin.notes.loadFailed"));
  const save = useMutation(
    trpc.admin.notes.create.mutationOptions({
      onSuccess: () => {
        setText("");
        setPrivate(false);
        toast({ title: t("admin.profile.noteSaved", { name: whom.name }), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.notes.pathKey() });
      },
      onError: (error) => fail(error, t("admin.notes.createFailed")),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    save.mutate({
      student_id: whom.studentId,
      learner_id: whom.learnerId,
      teacher_note: text,
      is_private: isPrivate,
      tags: [],
    });
  };
  const list = notes.data?.notes ?? [];
  return (
    <section aria-labelledby="learner-notes">
      <SectionTitle id="learner-notes">{t("admin.profile.notes", { name: whom.name })}</SectionTitle>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.profile.noNotes", { name: whom.name })}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {list.map((n) => (
            <li key={n.id} className="px-3 py-2 text-sm">
              <p className="text-xs text-slate-500">
                {formatAdminDate(n.note_date, prefs)}
                {n.is_private ? ` · ${t("admin.notes.private")}` : ""}
              </p>
              <p className="whitespace-pre-line text-slate-800">{n.teacher_note}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 space-y-2">
        <TextAreaField
          label={t("admin.profile.writeNote", { name: whom.name })}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <CheckboxField
          label={t("admin.notes.privateNote")}
          checked={isPrivate}
          onChange={(e) => setPrivate(e.target.checked)}
        />
        <Button type="submit" size="sm" disabled={!text.trim() || save.isPending}>
          {t("admin.profile.saveNote")}
        </Button>
      </form>
    </section>
  );
}

function FilesFor({ whom, prefs }: { whom: Whom; prefs: AdminPrefs }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const filter = whom.learnerId ? { learner_id: whom.learnerId } : { student_id: whom.studentId };
  const files = useQuery(trpc.admin.files.list.queryOptions({ ...filter, limit: 50 }));
  useLoadFailure(files.error, t("admin.files.loadFailed"));
  const share = useMutation(
    trpc.admin.files.create.mutationOptions({
      onSuccess: () => {
        setTitle("");
        setUrl("");
        toast({ title: t("admin.profile.shared", { name: whom.name }), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.files.pathKey() });
      },
      onError: (error) => fail(error, t("admin.files.createFailed")),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !url.trim()) return;
    share.mutate({
      student_id: whom.studentId,
      learner_id: whom.learnerId,
      title,
      file_url: url,
      file_type: "link",
      description: null,
      is_active: true,
    });
  };
  const list = files.data?.files ?? [];
  return (
    <section aria-labelledby="learner-files">
      <SectionTitle id="learner-files">{t("admin.profile.files", { name: whom.name })}</SectionTitle>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.profile.noFiles", { name: whom.name })}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {list.map((f) => (
            <li key={f.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
              <a
                href={f.file_url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 font-medium break-words text-blue-900 hover:underline"
              >
                {f.title}
              </a>
              <span className="text-xs text-slate-500">
                {formatAdminDate(f.created_at, prefs)}
                {f.is_active ? "" : ` · ${t("admin.files.inactive")}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        className="mt-3 grid gap-2 sm:grid-cols-2"
        aria-label={t("admin.profile.share", { name: whom.name })}
      >
        <TextField label={t("admin.files.title")} value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextField
          label={t("admin.profile.link")}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={!title.trim() || !url.trim() || share.isPending}>
            {t("admin.profile.share", { name: whom.name })}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ResultsOf({ whom, prefs }: { whom: Whom; prefs: AdminPrefs }) {
  const t = useT();
  const locale = useLocale();
  const results = useQuery(
    trpc.admin.learnerResults.queryOptions({ student_id: whom.studentId, learner_id: whom.learnerId ?? undefined }),
  );
  useLoadFailure(results.error, t("admin.profile.resultsFailed"));
  const list = results.data?.results ?? [];
  return (
    <section aria-labelledby="learner-results">
      <SectionTitle id="learner-results">{t("admin.profile.results")}</SectionTitle>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.profile.noResults", { name: whom.name })}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {t("admin.profile.quizType", { type: r.quiz_type, level: r.quiz_level ?? "" })}
                </span>
                <span className="text-slate-600">
                  {" · "}
                  {t("admin.profile.score", { score: r.score, total: r.total_questions })}
                  {r.placement_level ? ` · ${r.placement_level}` : ""}
                </span>
                {r.certificate_code && (
                  <a
                    href={localePath(locale, `/certificates/${r.certificate_code}`)}
                    target="_blank"
                    rel="noreferrer"
                    className="block text-xs font-medium text-blue-900 hover:underline"
                  >
                    {t("admin.profile.certificate", { code: r.certificate_code })}
                  </a>
                )}
              </span>
              <span className="text-xs text-slate-500">{formatAdminDate(r.created_at, prefs)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Issue 31, item 4: the learner's level over time on one CEFR scale. */
function LevelsOf({ whom }: { whom: Whom }) {
  const t = useT();
  const levels = useQuery(
    trpc.admin.learnerLevels.queryOptions({ student_id: whom.studentId, learner_id: whom.learnerId ?? undefined }),
  );
  useLoadFailure(levels.error, t("admin.profile.levelsFailed"));
  return (
    <section aria-labelledby="learner-levels">
      <SectionTitle id="learner-levels">{t("admin.profile.levels")}</SectionTitle>
      {levels.data ? (
        <Suspense fallback={<Spinner label={t("admin.profile.levelsLoading")} />}>
          <LevelChart points={levels.data.points} />
        </Suspense>
      ) : levels.isPending ? (
        <Spinner label={t("admin.profile.levelsLoading")} />
      ) : null}
    </section>
  );
}

export function LearnerRecords({ whom, prefs }: { whom: Whom; prefs: AdminPrefs }) {
  return (
    <>
      <LevelsOf whom={whom} />
      <TermlyReportCard key={`${whom.studentId}:${whom.learnerId ?? ""}`} whom={whom} prefs={prefs} />
      <ResultsOf whom={whom} prefs={prefs} />
      <NotesAbout whom={whom} prefs={prefs} />
      <FilesFor whom={whom} prefs={prefs} />
    </>
  );
}
