// The cards inside the quiz hub's sections: the general assessments, one test per level, and the
// concept and level pickers.

import type { ReactNode } from "react";
import { useId } from "react";
import {
  CONCEPT_CATALOG,
  CONCEPT_LEVELS,
  CONCEPT_REVIEW_REDIRECT_KEY,
  CONCEPT_SLUGS,
  LEVEL_CATALOG,
  QUIZ_LEVELS,
  type QuizLevel,
} from "../../../../shared/quiz-catalog.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TickIcon } from "../../components/ui/private-icons.tsx";
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
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="flex flex-col p-5">
        <h3 className="text-lg font-bold text-slate-900">Quick Assessment</h3>
        <p className="mt-1 text-sm text-slate-600">A fast check of where you stand.</p>
        <ul className="mt-4 flex-1 space-y-2">
          <Feature>10-15 minutes</Feature>
          <Feature>15 questions across all levels</Feature>
          <Feature>Basic level indication</Feature>
        </ul>
        <ButtonLink to="/student/quizzes/general?type=quick" variant="outline" className="mt-5">
          Start Quick Assessment
        </ButtonLink>
      </Card>
      <Card className="flex flex-col border-blue-200 p-5 ring-1 ring-blue-100">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-lg font-bold text-slate-900">In-Depth Assessment</h3>
          <Badge tone="blue">Recommended</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          The full picture, and a certificate when your level is measured precisely (one certified attempt a day).
        </p>
        <ul className="mt-4 flex-1 space-y-2">
          <Feature>30-40 minutes</Feature>
          <Feature>40 questions across all levels</Feature>
          <Feature>Precise level determination</Feature>
          <Feature>Detailed skill breakdown</Feature>
        </ul>
        <ButtonLink to="/student/quizzes/general?type=comprehensive" className="mt-5">
          Start In-Depth Assessment
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
  return (
    <div className="flex items-center gap-3">
      <span
        className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl text-sm font-bold ${LEVEL_ACCENT[level]}`}
      >
        {level}
      </span>
      <div>
        <h3 className="font-bold text-slate-900">
          {level} {LEVEL_CATALOG[level].name}
        </h3>
        {children}
      </div>
    </div>
  );
}

export function LevelCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        const info = LEVEL_CATALOG[level];
        return (
          <Card key={level} className="flex flex-col p-5">
            <LevelHeading level={level}>
              <p className="text-sm text-slate-600">{info.description}</p>
            </LevelHeading>
            <p className="mt-4 flex gap-4 text-sm font-medium text-slate-700">
              <span>{info.minutes} minutes</span>
              <span aria-hidden="true">·</span>
              <span>{info.questions} questions</span>
            </p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
              {info.skills.slice(0, 3).map((skill) => (
                <li key={skill} className="flex items-center gap-2">
                  <span className="h-1.5 w-1.5 rounded-full bg-blue-900" aria-hidden="true" />
                  {skill}
                </li>
              ))}
              <li className="text-slate-500">+{info.skills.length - 3} more skills</li>
            </ul>
            <p className="mt-3 text-xs font-medium text-slate-500">15 key concepts tested</p>
            <ButtonLink to={`/student/quizzes/quiz/${level.toLowerCase()}`} className="mt-4">
              Take {level} Test
            </ButtonLink>
          </Card>
        );
      })}
    </div>
  );
}

// Each level under its catalog name ("A1 Beginner"), after the mixed one.
const LEVEL_OPTIONS = [
  { value: "mixed", label: "Mixed Levels" },
  ...QUIZ_LEVELS.map((level) => ({ value: level.toLowerCase(), label: `${level} ${LEVEL_CATALOG[level].name}` })),
];

/** A select that starts a test as soon as one of its options is picked. */
function StartSelect({
  label,
  labelClassName,
  placeholder,
  options,
  unavailableNote,
  onPick,
}: {
  label: string;
  labelClassName: string;
  placeholder: string;
  options: readonly { value: string; label: string; available: boolean }[];
  /** After the label of an option this card cannot start. */
  unavailableNote: string;
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
            {o.available ? "" : unavailableNote}
          </option>
        ))}
      </select>
    </>
  );
}

export function ConceptCards() {
  const navigate = useNavigate();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CONCEPT_SLUGS.map((slug) => {
        const info = CONCEPT_CATALOG[slug];
        const covered = CONCEPT_LEVELS[slug] as readonly string[];
        return (
          <Card key={slug} className="flex flex-col p-5">
            <h3 className="font-bold text-slate-900">{info.name}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{info.description}</p>
            <p className="mt-3 text-xs font-medium text-slate-500">
              {covered[0]}–{covered[covered.length - 1]} · 15 questions per level
            </p>
            <StartSelect
              label="Choose a level to start"
              labelClassName="mt-3"
              placeholder="Select level…"
              options={LEVEL_OPTIONS.map((o) => ({
                ...o,
                available: o.value === "mixed" || covered.includes(o.value.toUpperCase()),
              }))}
              unavailableNote=" (not covered)"
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
  const navigate = useNavigate();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        return (
          <Card key={level} className="flex flex-col p-5">
            <LevelHeading level={level}>
              <p className="text-xs font-medium text-slate-500">15 questions per concept</p>
            </LevelHeading>
            <StartSelect
              label="Choose a concept to start"
              labelClassName="mt-4"
              placeholder="Select concept…"
              options={[
                { value: "mixed", label: "Mixed Concepts", available: true },
                ...CONCEPT_SLUGS.map((slug) => ({
                  value: slug,
                  label: CONCEPT_CATALOG[slug].name,
                  available: (CONCEPT_LEVELS[slug] as readonly string[]).includes(level),
                })),
              ]}
              unavailableNote=" (not at this level)"
              onPick={(value) => navigate(`/student/quizzes/quiz/${level.toLowerCase()}?concept=${value}`)}
            />
          </Card>
        );
      })}
    </div>
  );
}
