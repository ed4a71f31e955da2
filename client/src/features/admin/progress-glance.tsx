// Issue 31, item 4: the teacher's students' movement at a glance, above Student Profiles: who moved
// up a level this term (from → to) and who has not been measured for three months, each with a
// link that finds them in the list below (their profile is a tap away there).
import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";

const SHOWN = 8;

type GlanceRow = { learner_id: string; name: string };

function Names<R extends GlanceRow>(props: {
  rows: R[];
  empty: string;
  detail: (row: R) => string;
  onFind: (name: string) => void;
}) {
  const t = useT();
  if (props.rows.length === 0) return <p className="text-sm text-slate-600">{props.empty}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {props.rows.slice(0, SHOWN).map((r) => (
        <li key={r.learner_id} className="flex flex-wrap items-baseline gap-x-2">
          <button
            type="button"
            className="font-medium text-blue-900 underline-offset-2 hover:underline"
            onClick={() => props.onFind(r.name)}
            aria-label={t("admin.glance.find", { name: r.name })}
          >
            {r.name}
          </button>
          <span className="text-slate-600">{props.detail(r)}</span>
        </li>
      ))}
      {props.rows.length > SHOWN && (
        <li className="text-slate-500">{t("admin.glance.more", { count: props.rows.length - SHOWN })}</li>
      )}
    </ul>
  );
}

export function ProgressGlance({ prefs, onFind }: { prefs: AdminPrefs; onFind: (name: string) => void }) {
  const t = useT();
  const glance = useQuery(trpc.admin.progress.queryOptions());
  useLoadFailure(glance.error, t("admin.glance.loadFailed"));
  if (!glance.data) return null;
  const learners = glance.data.learners;
  const movedUp = learners.flatMap((l) => (l.moved_up ? [{ ...l, move: l.moved_up }] : []));
  const stale = learners.filter((l) => l.stale);
  return (
    <Card className="mb-5 p-4 sm:p-5">
      <section aria-labelledby="progress-glance">
        <h2 id="progress-glance" className="text-base font-semibold text-slate-900">
          {t("admin.glance.title")}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="mb-1 text-sm font-semibold text-emerald-800">
              {t("admin.glance.movedUp", { date: formatAdminDate(glance.data.term_start, prefs) })}
            </h3>
            <Names
              rows={movedUp}
              empty={t("admin.glance.noneMoved")}
              detail={(r) => t("admin.glance.move", { from: r.move.from, to: r.move.to })}
              onFind={onFind}
            />
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-amber-800">{t("admin.glance.stale")}</h3>
            <Names
              rows={stale}
              empty={t("admin.glance.noneStale")}
              detail={(r) =>
                r.latest
                  ? t("admin.glance.lastMeasured", { date: formatAdminDate(r.latest.date, prefs) })
                  : t("admin.glance.never")
              }
              onFind={onFind}
            />
          </div>
        </div>
      </section>
    </Card>
  );
}
