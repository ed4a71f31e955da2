import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BarChartIcon, ClockFaceIcon, ListIcon, SparkIcon, TickIcon } from "../../components/ui/private-icons.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useSearchParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { AI_UNREVIEWED_LABEL } from "./ai-unreviewed.tsx";
import { ConceptCards, GeneralCards, LevelCards, LevelConceptCards } from "./quiz-hub-cards.tsx";
import { useQuizStats } from "./use-quiz-stats.ts";

function StatsTiles() {
  const { stats } = useQuizStats();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Available Quizzes" value={stats.totalQuizzes} icon={<ListIcon />} />
      <StatCard label="Completed" value={stats.completedQuizzes} icon={<TickIcon />} />
      <StatCard label="Average Score" value={`${stats.averageScore}%`} icon={<BarChartIcon />} />
      <StatCard label="Study Time" value={`${stats.studyTime}m`} icon={<ClockFaceIcon />} />
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
      <AiGenerationStatus />
      <div className="mt-5 grid gap-4 sm:grid-cols-3">
        {blurbs.map(([title, text]) => (
          <div key={title} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-blue-100">{text}</p>
          </div>
        ))}
      </div>
      <ButtonLink to="/student/quizzes/ai-quiz" variant="accent" size="lg" className="mt-6">
        <SparkIcon /> Try AI-Generated Test
      </ButtonLink>
    </section>
  );
}

/** Whether a model writes the AI test's questions now, and what that means for the result. */
function AiGenerationStatus() {
  const status = useQuery({ ...trpc.quiz.aiStatus.queryOptions(), retry: false });
  if (!status.data) return null;
  return (
    <p className="mt-3 max-w-3xl rounded-xl bg-white/10 px-4 py-3 text-sm text-blue-50 ring-1 ring-white/15">
      {status.data.aiGenerationOn ? (
        <>
          <span className="font-semibold text-white">AI generation is on.</span> New questions are written for you by an
          AI model and shown before your teacher has checked them, marked "{AI_UNREVIEWED_LABEL}": the test is practice
          only and earns no certificate.
        </>
      ) : (
        <>
          <span className="font-semibold text-white">AI generation is off.</span> Your personalized test is put together
          from your teacher's question bank.
        </>
      )}
    </p>
  );
}

const SECTIONS = [
  {
    id: "general",
    title: "General Level Assessment",
    summary: "Find your level across A1 to C2 in one test",
    Cards: GeneralCards,
  },
  { id: "levels", title: "English Proficiency Tests", summary: "One test per CEFR level, A1 to C2", Cards: LevelCards },
  {
    id: "concepts",
    title: "Concept Tests with Level Selection",
    summary: "Nine grammar concepts, at the level you choose",
    Cards: ConceptCards,
  },
  {
    id: "level-concepts",
    title: "Level Tests with Concept Selection",
    summary: "Pick a level, then the concept to focus on",
    Cards: LevelConceptCards,
  },
] as const;
type SectionKey = (typeof SECTIONS)[number]["id"];

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

function AboutOurTests() {
  const promises = [
    ["Detailed performance analysis", "Results by skill, topic and level, not just a score."],
    ["Study recommendations", "Concept tests to practice, or a focus for your next lesson."],
    ["Progress tracking", "Every result is saved; your stats count the tests scored by our server."],
    [
      "Certificate of completion",
      "When you pass a certified level test (one a day, on questions you have not seen lately), or when a certified In-Depth Assessment measures your level precisely; with a verification code.",
    ],
    ["Immediate feedback and review", "See the right answers with explanations as soon as you finish."],
    ["Mobile-friendly interface", "Take any test on your phone, tablet or computer."],
  ];
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">About Our Tests</h2>
      <p className="mt-2 max-w-3xl text-slate-600">
        Every question of the level, concept and general tests is written and checked by your teacher and follows the
        Common European Framework of Reference (CEFR), from A1 Beginner to C2 Proficient. British and American forms are
        both accepted where they differ. Questions an AI model writes for the personalized test are not checked before
        you see them, and say so.
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
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="English Activities" subtitle="Discover your English proficiency level with our activities" />
      <StatsTiles />
      <AiCard />
      <div className="space-y-4">
        {SECTIONS.map(({ id, title, summary, Cards }) => (
          <AccordionSection
            key={id}
            id={id}
            closers={closers}
            defaultOpen={initial === id}
            title={title}
            summary={summary}
          >
            <Cards />
          </AccordionSection>
        ))}
      </div>
      <AboutOurTests />
    </div>
  );
}
