// The teacher's report kept with the lesson in My Lessons (issue 31, item 2): what was done, the
// homework with its file, link and due date, the next focus and the skills with their CEFR level.
// The family ticks the homework done here; a tap sends it at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import type { Lesson } from "./portal-api.ts";

type Report = NonNullable<Lesson["report"]>;

export function LessonReport({ lessonId, report }: { lessonId: string; report: Report }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The tick shows at once and stays while the lessons are read again; a refusal puts it back.
  const [done, setDone] = useState(report.homework_done);
  useEffect(() => setDone(report.homework_done), [report.homework_done]);
  const tick = useMutation(
    trpc.portal.markHomework.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.portal.lessons.pathKey() }),
      onError: () => {
        setDone(report.homework_done);
        toast({ title: t("portal.report.tickFailed"), variant: "destructive" });
      },
    }),
  );
  const due = report.homework_due ? new Date(`${report.homework_due}T12:00:00Z`) : null;
  return (
    <section aria-label={t("portal.report.title")} className="mt-3 rounded-xl border border-blue-100 bg-blue-50/60 p-3">
      <h3 className="text-sm font-semibold text-blue-900">{t("portal.report.title")}</h3>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{report.summary}</p>
      {report.has_homework && (
        <div className="mt-3 rounded-lg bg-white p-3">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("portal.report.homework")}</p>
          {report.homework && <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{report.homework}</p>}
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {report.homework_file && (
              <a
                href={report.homework_file.file_url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-800 underline"
              >
                {report.homework_file.title}
              </a>
            )}
            {report.homework_link && (
              <a
                href={report.homework_link}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-800 underline"
              >
                {t("portal.report.openLink")}
              </a>
            )}
            {due && (
              <span className="text-slate-600">
                {t("portal.report.due", { date: formatDate(locale, due, { style: "long", timeZone: "UTC" }) })}
              </span>
            )}
          </div>
          <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              checked={done}
              onChange={(e) => {
                setDone(e.target.checked);
                tick.mutate({ bookingId: lessonId, done: e.target.checked });
              }}
              className="h-5 w-5 shrink-0 rounded border-slate-300 accent-emerald-700"
            />
            {t("portal.report.homeworkDone")}
          </label>
        </div>
      )}
      {report.next_focus && (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold">{t("portal.report.nextFocus")}</span> {report.next_focus}
        </p>
      )}
      {report.skills.length > 0 && (
        <div className="mt-2">
          <p className="sr-only">{t("portal.report.skills")}</p>
          <ul className="flex flex-wrap gap-1.5">
            {report.skills.map((s) => (
              <li
                key={s.skill}
                className="rounded-full bg-white px-2.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200"
              >
                {s.skill}: <span className="font-semibold">{s.level}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
