import { formatPercent } from "../../../../shared/i18n/format.ts";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import { ASSESSMENT_SCALE, QUIZ_LEVELS } from "../../../../shared/quiz-catalog.ts";
import { LEVEL_TEXT_KEYS, levelLabel, levelName, scaleName } from "../../../../shared/quiz-texts.ts";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { identityOfResult, localTitle } from "./quiz-titles.ts";
import type { QuizResultDto } from "./quiz-types.ts";

export type PlacementMeasure = NonNullable<QuizResultDto["metadata"]["placement"]>;

/** "about 85% sure": never "100%", a measurement is never certain. */
export const percentSure = (probability: number) => Math.min(99, Math.max(1, Math.round(probability * 100)));

/** A level's chance as a share: "<1%" and ">99%" at the ends. */
const formatChance = (locale: Locale, p: number) =>
  p < 0.005
    ? `<${formatPercent(locale, 1)}`
    : p > 0.995
      ? `>${formatPercent(locale, 99)}`
      : formatPercent(locale, p * 100);

/** The level an adaptive assessment measured, how sure it is, and what that means. */
export function PlacementHero({ result, placement }: { result: QuizResultDto; placement: PlacementMeasure }) {
  const t = useT();
  const locale = useLocale();
  const { level, confidence, levelProbabilities } = placement;
  const runnerUp = QUIZ_LEVELS.filter((l) => l !== level).reduce((best, l) =>
    levelProbabilities[l] > levelProbabilities[best] ? l : best,
  );
  const scale = scaleName(t, ASSESSMENT_SCALE[QUIZ_LEVELS.indexOf(level)]);
  return (
    <div className="rounded-2xl bg-gradient-to-br from-blue-800 to-blue-900 p-6 text-white shadow-sm sm:p-8">
      <p className="text-sm font-medium text-white/80">{localTitle(t, identityOfResult(result), result.title)}</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">
        {t("quiz.placement.headline", { level, percent: formatPercent(locale, percentSure(confidence)) })}
      </h1>
      <p className="mt-1 text-lg font-semibold text-white/95">
        {t("quiz.placement.levelLine", { label: levelLabel(t, level), scale: scale ?? "" })}
      </p>
      <p className="mt-3 max-w-2xl text-white/90">
        {t("quiz.placement.explanation", {
          level,
          chance: formatChance(locale, confidence),
          runnerUp,
          runnerUpChance: formatChance(locale, levelProbabilities[runnerUp]),
          description: t(LEVEL_TEXT_KEYS[level].description).toLocaleLowerCase(INTL_TAGS[locale]),
        })}
      </p>
      <p className="mt-2 max-w-2xl text-sm text-white/80">{t("quiz.placement.adapted")}</p>
      {result.isVerified && (
        <span className="mt-4 inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          {t("quiz.results.scoredByServer")}
        </span>
      )}
    </div>
  );
}

/** How likely each level is: the whole picture behind "about N% sure". */
export function LevelChances({ placement }: { placement: PlacementMeasure }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("quiz.placement.chancesTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("quiz.placement.chancesText")}</p>
      <ul className="mt-4 space-y-3">
        {QUIZ_LEVELS.map((level) => {
          const chance = placement.levelProbabilities[level];
          const isMeasured = level === placement.level;
          return (
            <li key={level} className="grid grid-cols-[5.5rem_1fr_3rem] items-center gap-3 text-sm">
              <span className={isMeasured ? "font-bold text-slate-900" : "text-slate-700"}>
                {level} <span className="sr-only">{levelName(t, level)}</span>
              </span>
              <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span
                  className={`block h-full rounded-full ${isMeasured ? "bg-blue-900" : "bg-slate-400"}`}
                  style={{ width: `${Math.max(Math.round(chance * 100), 1)}%` }}
                />
              </span>
              <span className="text-right tabular-nums text-slate-700">{formatChance(locale, chance)}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
