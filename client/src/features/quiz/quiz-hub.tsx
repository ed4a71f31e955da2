import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { type ReactNode, useId, useRef } from "react";
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
import { PageHeader } from "../../components/ui/page-header.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useNavigate, useSearchParams } from "../../lib/router.tsx";
import { CONCEPT_REVIEW_PATH } from "./quiz-pages.tsx";
import { useQuizStats } from "./use-quiz-stats.ts";

const SELECT =
  "block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm";

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-5 w-5"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
const ICONS = {
  list: "M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01",
  check: "M20 6 9 17l-5-5",
  chart: "M4 20V10m6 10V4m6 16v-7m4 7H2",
  clock: "M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  spark: "M12 3v4m0 10v4M3 12h4m10 0h4M5.6 5.6l2.8 2.8m7.2 7.2 2.8 2.8m0-12.8-2.8 2.8m-7.2 7.2-2.8 2.8",
};

function StatsTiles() {
  const { stats } = useQuizStats();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Available Quizzes" value={stats.totalQuizzes} icon={<Icon d={ICONS.list} />} />
      <StatCard label="Completed" value={stats.completedQuizzes} icon={<Icon d={ICONS.check} />} />
      <StatCard label="Average Score" value={`${stats.averageScore}%`} icon={<Icon d={ICONS.chart} />} />
      <StatCard label="Study Time" value={`${stats.studyTime}m`} icon={<Icon d={ICONS.clock} />} />
    </div>
  );
}

function AiCard() {
  const blurbs = [
    ["Personalized Content", "Questions chosen from your results: your weak areas, at your level."],
    ["Smart Adaptation", "Each new test follows your progress, a step above where you are."],
    ["Instant Generation", "A fresh test in seconds, scored the moment you finish."],
  ];
  return (
    <section
      aria-labelledby="ai-card-title"
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-blue-900 via-blue-900 to-indigo-800 p-6 text-white shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="ai-card-title" className="text-xl font-bold sm:text-2xl">
          AI-Powered Personalized Tests
        </h2>
        <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-slate-900">New!</span>
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-3">
        {blurbs.map(([title, text]) => (
          <div key={title} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-blue-100">{text}</p>
          </div>
        ))}
      </div>
      <ButtonLink to="/student/quizzes/ai-quiz" variant="accent" size="lg" className="mt-6">
        <Icon d={ICONS.spark} /> Try AI-Generated Test
      </ButtonLink>
    </section>
  );
}

type SectionKey = "general" | "levels" | "concepts" | "level-concepts";

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`h-5 w-5 shrink-0 text-slate-500 transition ${open ? "rotate-180" : ""}`}
      aria-hidden="true"
    >
      <path
        fillRule="evenodd"
        d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** Headless UI Disclosures where opening one closes the others (at most one open section). */
function AccordionSection({
  id,
  title,
  summary,
  defaultOpen,
  closers,
  children,
}: {
  id: SectionKey;
  title: string;
  summary: string;
  defaultOpen: boolean;
  closers: React.RefObject<Map<SectionKey, () => void>>;
  children: ReactNode;
}) {
  return (
    <Disclosure as={Card} defaultOpen={defaultOpen} className="overflow-hidden">
      {({ open, close }) => {
        closers.current.set(id, close);
        return (
          <>
            <h2>
              <DisclosureButton
                onClick={() => {
                  if (!open) for (const [key, closeOther] of closers.current) if (key !== id) closeOther();
                }}
                className="flex w-full items-center justify-between gap-4 p-5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 sm:p-6"
              >
                <span>
                  <span className="block text-lg font-bold text-slate-900">{title}</span>
                  <span className="mt-0.5 block text-sm font-normal text-slate-600">{summary}</span>
                </span>
                <Chevron open={open} />
              </DisclosureButton>
            </h2>
            <DisclosurePanel className="border-t border-slate-100 bg-slate-50/50 p-4 sm:p-6">
              {children}
            </DisclosurePanel>
          </>
        );
      }}
    </Disclosure>
  );
}

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-slate-700">
      <span className="mt-0.5 text-emerald-600">
        <Icon d={ICONS.check} />
      </span>
      {children}
    </li>
  );
}

function GeneralCards() {
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
        <p className="mt-1 text-sm text-slate-600">The full picture, with a certificate of completion.</p>
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

function LevelMark({ level }: { level: QuizLevel }) {
  return (
    <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl text-sm font-bold ${LEVEL_ACCENT[level]}`}>
      {level}
    </span>
  );
}

function LevelCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        const info = LEVEL_CATALOG[level];
        return (
          <Card key={level} className="flex flex-col p-5">
            <div className="flex items-center gap-3">
              <LevelMark level={level} />
              <div>
                <h3 className="font-bold text-slate-900">
                  {level} {info.name}
                </h3>
                <p className="text-sm text-slate-600">{info.description}</p>
              </div>
            </div>
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

const LEVEL_OPTIONS = [
  { value: "mixed", label: "Mixed Levels" },
  { value: "a1", label: "A1 Beginner" },
  { value: "a2", label: "A2 Elementary" },
  { value: "b1", label: "B1 Intermediate" },
  { value: "b2", label: "B2 Upper-Intermediate" },
  { value: "c1", label: "C1 Advanced" },
  { value: "c2", label: "C2 Proficient" },
];

function ConceptCards() {
  const navigate = useNavigate();
  const baseId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CONCEPT_SLUGS.map((slug) => {
        const info = CONCEPT_CATALOG[slug];
        const covered = CONCEPT_LEVELS[slug] as readonly string[];
        const selectId = `${baseId}-${slug}`;
        return (
          <Card key={slug} className="flex flex-col p-5">
            <h3 className="font-bold text-slate-900">{info.name}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{info.description}</p>
            <p className="mt-3 text-xs font-medium text-slate-500">
              {covered[0]}–{covered[covered.length - 1]} · 15 questions per level
            </p>
            <label htmlFor={selectId} className="mt-3 mb-1.5 block text-sm font-medium text-slate-800">
              Choose a level to start
            </label>
            <select
              id={selectId}
              className={SELECT}
              value=""
              onChange={(e) => {
                if (!e.target.value) return;
                localStorage.setItem(CONCEPT_REVIEW_REDIRECT_KEY, CONCEPT_REVIEW_PATH);
                navigate(`/student/quizzes/concept/${slug}?level=${e.target.value}`);
              }}
            >
              <option value="">Select level…</option>
              {LEVEL_OPTIONS.map((o) => {
                const available = o.value === "mixed" || covered.includes(o.value.toUpperCase());
                return (
                  <option key={o.value} value={o.value} disabled={!available}>
                    {o.label}
                    {available ? "" : " (not covered)"}
                  </option>
                );
              })}
            </select>
          </Card>
        );
      })}
    </div>
  );
}

function LevelConceptCards() {
  const navigate = useNavigate();
  const baseId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {QUIZ_LEVELS.map((level) => {
        const info = LEVEL_CATALOG[level];
        const selectId = `${baseId}-${level}`;
        return (
          <Card key={level} className="flex flex-col p-5">
            <div className="flex items-center gap-3">
              <LevelMark level={level} />
              <div>
                <h3 className="font-bold text-slate-900">
                  {level} {info.name}
                </h3>
                <p className="text-xs font-medium text-slate-500">15 questions per concept</p>
              </div>
            </div>
            <label htmlFor={selectId} className="mt-4 mb-1.5 block text-sm font-medium text-slate-800">
              Choose a concept to start
            </label>
            <select
              id={selectId}
              className={SELECT}
              value=""
              onChange={(e) => {
                if (e.target.value) navigate(`/student/quizzes/quiz/${level.toLowerCase()}?concept=${e.target.value}`);
              }}
            >
              <option value="">Select concept…</option>
              <option value="mixed">Mixed Concepts</option>
              {CONCEPT_SLUGS.map((slug) => {
                const available = (CONCEPT_LEVELS[slug] as readonly string[]).includes(level);
                return (
                  <option key={slug} value={slug} disabled={!available}>
                    {CONCEPT_CATALOG[slug].name}
                    {available ? "" : " (not at this level)"}
                  </option>
                );
              })}
            </select>
          </Card>
        );
      })}
    </div>
  );
}

function AboutOurTests() {
  const promises = [
    ["Detailed performance analysis", "Results by skill, topic and level, not just a score."],
    ["Study recommendations", "Concept tests to practice, or a focus for your next lesson."],
    ["Progress tracking", "Every result is saved, so you can see how you improve."],
    ["Certificate of completion", "After a level test or the In-Depth Assessment, with a verification code."],
    ["Immediate feedback and review", "See the right answers with explanations as soon as you finish."],
    ["Mobile-friendly interface", "Take any test on your phone, tablet or computer."],
  ];
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">About Our Tests</h2>
      <p className="mt-2 max-w-3xl text-slate-600">
        Every question is written and checked by your teacher and follows the Common European Framework of Reference
        (CEFR), from A1 Beginner to C2 Proficient. British and American forms are both accepted where they differ.
      </p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {promises.map(([title, text]) => (
          <li key={title}>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-0.5 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function QuizHubPage() {
  const [params] = useSearchParams();
  const initial = params.get("section") as SectionKey | null;
  const closers = useRef(new Map<SectionKey, () => void>());
  const section = (id: SectionKey) => ({ id, closers, defaultOpen: initial === id });
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="English Activities" subtitle="Discover your English proficiency level with our activities" />
      <StatsTiles />
      <AiCard />
      <div className="space-y-4">
        <AccordionSection
          {...section("general")}
          title="General Level Assessment"
          summary="Find your level across A1 to C2 in one test"
        >
          <GeneralCards />
        </AccordionSection>
        <AccordionSection
          {...section("levels")}
          title="English Proficiency Tests"
          summary="One test per CEFR level, A1 to C2"
        >
          <LevelCards />
        </AccordionSection>
        <AccordionSection
          {...section("concepts")}
          title="Concept Tests with Level Selection"
          summary="Nine grammar concepts, at the level you choose"
        >
          <ConceptCards />
        </AccordionSection>
        <AccordionSection
          {...section("level-concepts")}
          title="Level Tests with Concept Selection"
          summary="Pick a level, then the concept to focus on"
        >
          <LevelConceptCards />
        </AccordionSection>
      </div>
      <AboutOurTests />
    </div>
  );
}
