// Issue 31: every quiz result and certificate stays reachable after its results page is left,
// listed newest first in My Progress and Activities, each naming the learner who took it when the
// family has several.
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";

const CEFR = /^(A1|A2|B1|B2|C1|C2)$/;
/** The CEFR level a result measured: a placement's, or a level named so; a band name is not shown. */
const levelOf = (r: { placement_level: string | null; estimated_level: string | null }) =>
  r.placement_level ?? (r.estimated_level && CEFR.test(r.estimated_level) ? r.estimated_level : null);

function LevelBadge({ level }: { level: string | null }) {
  const t = useT();
  if (!level) return null;
  return (
    <Badge tone="blue" className="ml-2 align-middle">
      {t("portal.results.level", { level })}
    </Badge>
  );
}

export function QuizResultsList({ titleId = "my-results" }: { titleId?: string }) {
  const t = useT();
  const locale = useLocale();
  const results = useQuery(trpc.portal.quizResults.queryOptions({}));
  const list = [...(results.data?.results ?? [])].reverse();
  const learners = new Set(list.map((r) => r.learner?.id ?? ""));
  const showLearner = learners.size > 1 || list.some((r) => r.learner && !r.learner.is_self);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t("portal.results.title")}
        </h2>
        <p className="text-sm text-slate-500">{t("portal.results.subtitle")}</p>
        {results.isError ? (
          <p className="mt-3 text-sm text-slate-600">{t("portal.loadFailed")}</p>
        ) : results.isPending ? null : list.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("portal.results.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {list.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {t("portal.results.quizType", { type: r.quiz_type, level: r.quiz_level ?? "" })}
                    <LevelBadge level={levelOf(r)} />
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(locale, r.created_at)}
                    {" · "}
                    {t("portal.results.score", { score: r.score, total: r.total_questions })}
                    {showLearner && r.learner ? ` · ${t("portal.results.takenBy", { name: r.learner.name })}` : ""}
                  </p>
                </div>
                {r.certificate_code && (
                  <ButtonLink
                    to={`/student/quizzes/certificate/${r.id}`}
                    size="sm"
                    variant="outline"
                    aria-label={t("portal.results.certificateOf", { date: formatDate(locale, r.created_at) })}
                  >
                    {t("portal.results.certificate")}
                  </ButtonLink>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
