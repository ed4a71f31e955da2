// Issue 31, item 4: My Progress's "Level over time": the family's learner's measurements on one
// CEFR scale (the chart arrives lazily, with its words). A family with several learners picks one,
// kept in the address as `?learner_id=` like My Family's links.
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Card } from "../../components/ui/card.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSearchParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";

const LevelChart = lazy(() => import("../../components/level-chart.tsx"));

export function LevelOverTime() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const learners = useQuery(trpc.portal.learners.queryOptions());
  const list = learners.data?.learners ?? [];
  const chosen = params.get("learner_id") ?? undefined;
  const learnerId = chosen && list.some((l) => l.id === chosen) ? chosen : undefined;
  const levels = useQuery({ ...trpc.portal.levelProgress.queryOptions({ learner_id: learnerId }), retry: false });
  const pick = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("learner_id", id);
    setParams(next, { replace: true });
  };
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <section aria-labelledby="level-over-time">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="level-over-time" className="text-lg font-semibold text-slate-900">
              {t("portal.levels.title")}
            </h2>
            <p className="text-sm text-slate-500">{t("portal.levels.subtitle")}</p>
          </div>
          {list.length > 1 && (
            <div className="w-full sm:w-56">
              <SelectField
                label={t("portal.levels.learner")}
                value={levels.data?.learner_id ?? learnerId ?? ""}
                onChange={(e) => pick(e.target.value)}
                options={list.map((l) => ({ value: l.id, label: l.name }))}
              />
            </div>
          )}
        </div>
        <div className="mt-4">
          {levels.isError ? (
            <p className="text-sm text-slate-600">{t("portal.loadFailed")}</p>
          ) : levels.isPending ? (
            <Spinner label={t("portal.levels.loading")} />
          ) : (
            <Suspense fallback={<Spinner label={t("portal.levels.loading")} />}>
              <LevelChart points={levels.data.points} />
            </Suspense>
          )}
        </div>
      </section>
    </Card>
  );
}
