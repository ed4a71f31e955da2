// The cards inside the quiz hub's sections: the general assessments, one test per level, and the
// concept and level pickers.

import type { ReactNode } from "react";
import { useId } from "react";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import {
  CONCEPT_LEVELS,
  CONCEPT_REVIEW_REDIRECT_KEY,
  CONCEPT_SLUGS,
  LEVEL_CATALOG,
  QUESTIONS_PER_CONCEPT_TEST,
  QUESTIONS_PER_LEVEL_CONCEPT,
  QUIZ_LEVELS,
  type QuizLevel,
} from "../../../../shared/quiz-catalog.ts";
import { CONCEPT_TEXT_KEYS, conceptLabel, LEVEL_TEXT_KEYS, levelLabel } from "../../../../shared/quiz-texts.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TickIcon } from "../../components/ui/private-icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { CONCEPT_REVIEW_PATH } from "./quiz-paths.ts";

const SELECT =
  "block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm";

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-slate-700">
      <span className="mt-0.5 text-emerald-600">
        <TickIcon />
      </span>
      {children}
    </li>
  );
}

export function GeneralCards() {
  const t = useT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="flex flex-col p-5">
        <h3 className="text-lg font-bold text-slate-900">{t("quiz.title.quick")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("quiz.hub.quick.text")}</p>
        <ul className="mt-4 flex-1 space-y-2">
          <Feature>{t("quiz.hub.quick.duration")}</Feature>
          <Feature>{t("quiz.hub.quick.questions")}</Feature>
          <Feature>{t("quiz.hub.quick.indication")}</Feature>
        </ul>
        <ButtonLink to="/student/quizzes/general?type=quick" variant="outline" className="mt-5">
          {t("quiz.hub.quick.start")}
        </ButtonLink>
      </Card>
      <Card className="flex flex-col border-blue-200 p-5 ring-1 ring-blue-100">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-lg font-bold text-slate-900">{t("quiz.title.comprehensive")}</h3>
          <Badge tone="blue">{t("quiz.hub.comprehensive.recommended")}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t("quiz.hub.comprehensive.text")}</p>
        <ul className="mt-4 flex-1 space-y-2">
          <Feature>{t("quiz.hub.comprehensive.duration")}</Feature>
          <Feature>{t("quiz.hub.comprehensive.questions")}</Feature>
          <Feature>{t("quiz.hub.comprehensive.precise")}</Feature>
          <Feature>{t("quiz.hub.comprehensive.breakdown")}</Feature>
        </ul>
        <ButtonLink to="/student/quizzes/general?type=comprehensive" className="mt-5">
          {t("quiz.hub.comprehensive.start")}
        </ButtonLink>
      </Card>
    </div>
  );
}

const LEVEL_ACCENT: Record<QuizLevel, string> = {
  A1: "bg-emerald-100 text-emerald-800",
  A2: "bg-teal-100 text-teal-800",
  B1: "bg-sky-100 text-sky-800",
  B2: "bg-blue-100 text-blue-800",
  C1: "bg-violet-100 text-violet-800",
  C2: "bg-fuchsia-100 text-fuchsia-800",
};

/** A level's coloured mark beside its name, with a line under the name. */
function LevelHeading({ level, children }: { level: QuizLevel; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <span
        className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl text-sm font-bold ${LEVEL_ACCENT[level]}`}
      >
        {level}
      </span>
      <div>
        <h3 className="font-bold text-slate-900">{levelLabel(t, level)}</h3>
        {children}
      </div>
    </div>
  );
}

export function LevelCards() {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        const info = LEVEL_CATALOG[level];
        const texts = LEVEL_TEXT_KEYS[level];
        return (
          <Card key={level} className="flex flex-col p-5">
            <LevelHeading level={level}>
              <p className="text-sm text-slate-600">{t(texts.description)}</p>
            </LevelHeading>
            <p className="mt-4 flex gap-4 text-sm font-medium text-slate-700">
              <span>{t("quiz.hub.level.minutes", { count: info.minutes })}</span>
              <span aria-hidden="true">·</span>
              <span>{t("quiz.hub.level.questions", { count: info.questions })}</span>
            </p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
              {texts.skills.slice(0, 3).map((skill) => (
                <li key={skill} className="flex items-center gap-2">
                  <span className="h-1.5 w-1.5 rounded-full bg-blue-900" aria-hidden="true" />
                  {t(skill)}
                </li>
              ))}
              <li className="text-slate-500">{t("quiz.hub.level.moreSkills", { count: texts.skills.length - 3 })}</li>
            </ul>
            <p className="mt-3 text-xs font-medium text-slate-500">{t("quiz.hub.level.keyConcepts")}</p>
            <ButtonLink to={`/student/quizzes/quiz/${level.toLowerCase()}`} className="mt-4">
              {t("quiz.hub.level.take", { level })}
            </ButtonLink>
          </Card>
        );
      })}
    </div>
  );
}

// Each level under its catalog name ("A1 Beginner"), after the mixed one.
const levelOptions = (t: Translate) => [
  { value: "mixed", label: t("quiz.hub.mixedLevels") },
  ...QUIZ_LEVELS.map((level) => ({ value: level.toLowerCase(), label: levelLabel(t, level) })),
];

/** A select that starts a test as soon as one of its options is picked. */
function StartSelect({
  label,
  labelClassName,
  placeholder,
  options,
  onPick,
}: {
  label: string;
  labelClassName: string;
  placeholder: string;
  /** Each option's label; an option this card cannot start says so in its label. */
  options: readonly { value: string; label: string; available: boolean }[];
  onPick: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={`${labelClassName} mb-1.5 block text-sm font-medium text-slate-800`}>
        {label}
      </label>
      <select
        id={id}
        className={SELECT}
        value=""
        onChange={(e) => {
          if (e.target.value) onPick(e.target.value);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={!o.available}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function ConceptCards() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CONCEPT_SLUGS.map((slug) => {
        const covered = CONCEPT_LEVELS[slug] as readonly string[];
        return (
          <Card key={slug} className="flex flex-col p-5">
            <h3 className="font-bold text-slate-900">{conceptLabel(t, slug)}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{t(CONCEPT_TEXT_KEYS[slug].description)}</p>
            <p className="mt-3 text-xs font-medium text-slate-500">
              {t("quiz.hub.concept.range", {
                from: covered[0],
                to: covered[covered.length - 1],
                count: QUESTIONS_PER_CONCEPT_TEST,
              })}
            </p>
            <StartSelect
              label={t("quiz.hub.concept.chooseLevel")}
              labelClassName="mt-3"
              placeholder={t("quiz.hub.concept.selectLevel")}
              options={levelOptions(t).map((o) => {
                const available = o.value === "mixed" || covered.includes(o.value.toUpperCase());
                return { ...o, available, label: available ? o.label : t("quiz.hub.concept.notCovered", o) };
              })}
              onPick={(value) => {
                localStorage.setItem(CONCEPT_REVIEW_REDIRECT_KEY, CONCEPT_REVIEW_PATH);
                navigate(`/student/quizzes/concept/${slug}?level=${value}`);
              }}
            />
          </Card>
        );
      })}
    </div>
  );
}

export function LevelConceptCards() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        return (
          <Card key={level} className="flex flex-col p-5">
            <LevelHeading level={level}>
              <p className="text-xs font-medium text-slate-500">
                {t("quiz.hub.levelConcept.perConcept", { count: QUESTIONS_PER_LEVEL_CONCEPT })}
              </p>
            </LevelHeading>
            <StartSelect
              label={t("quiz.hub.levelConcept.chooseConcept")}
              labelClassName="mt-4"
              placeholder={t("quiz.hub.levelConcept.selectConcept")}
              options={[
                { value: "mixed", label: t("quiz.hub.mixedConcepts"), available: true },
                ...CONCEPT_SLUGS.map((slug) => {
                  const available = (CONCEPT_LEVELS[slug] as readonly string[]).includes(level);
                  const label = conceptLabel(t, slug);
                  return {
                    value: slug,
                    label: available ? label : t("quiz.hub.levelConcept.notAtLevel", { label }),
                    available,
                  };
                }),
              ]}
              onPick={(value) => navigate(`/student/quizzes/quiz/${level.toLowerCase()}?concept=${value}`)}
            />
          </Card>
        );
      })}
    </div>
  );
}
