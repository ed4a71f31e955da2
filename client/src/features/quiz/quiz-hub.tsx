import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { formatPercent } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BarChartIcon, ClockFaceIcon, ListIcon, SparkIcon, TickIcon } from "../../components/ui/private-icons.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useLocale, useRichT, useT } from "../../lib/i18n.tsx";
import { useSearchParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { QuizResultsList } from "../portal/quiz-results-list.tsx";
import { ConceptCards, GeneralCards, LevelCards, LevelConceptCards } from "./quiz-hub-cards.tsx";
import { useQuizStats } from "./use-quiz-stats.ts";

function StatsTiles() {
  const t = useT();
  const locale = useLocale();
  const { stats } = useQuizStats();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label={t("quiz.hub.stats.available")} value={stats.totalQuizzes} icon={<ListIcon />} />
      <StatCard label={t("quiz.hub.stats.completed")} value={stats.completedQuizzes} icon={<TickIcon />} />
      <StatCard
        label={t("quiz.hub.stats.average")}
        value={formatPercent(locale, stats.averageScore)}
        icon={<BarChartIcon />}
      />
      <StatCard
        label={t("quiz.hub.stats.studyTime")}
        value={t("quiz.hub.stats.minutes", { minutes: stats.studyTime })}
        icon={<ClockFaceIcon />}
      />
    </div>
  );
}

const AI_BLURBS: [MessageKey, MessageKey][] = [
  ["quiz.hub.ai.personalizedTitle", "quiz.hub.ai.personalizedText"],
  ["quiz.hub.ai.adaptationTitle", "quiz.hub.ai.adaptationText"],
  ["quiz.hub.ai.generationTitle", "quiz.hub.ai.generationText"],
];

/**
 * The spec's "AI-Powered … New!" card while a model writes questions; while none does (or until the
 * server says), the card says so plainly: a personalised test from the bank, with no AI claim.
 */
function AiCard() {
  const t = useT();
  const status = useQuery({ ...trpc.quiz.aiStatus.queryOptions(), retry: false });
  const isOn = status.data?.aiGenerationOn === true;
  return (
    <section
      aria-labelledby="ai-card-title"
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-blue-900 via-blue-900 to-indigo-800 p-6 text-white shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="ai-card-title" className="text-xl font-bold sm:text-2xl">
          {t(isOn ? "quiz.hub.ai.title" : "quiz.hub.ai.offTitle")}
        </h2>
        {isOn ? (
          <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-slate-900">
            {t("quiz.hub.ai.new")}
          </span>
        ) : (
          status.data && (
            <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-bold text-white ring-1 ring-white/30">
              {t("quiz.hub.ai.offBadge")}
            </span>
          )
        )}
      </div>
      {status.data && <AiGenerationStatus isOn={isOn} />}
      <div className="mt-5 grid gap-4 sm:grid-cols-3">
        {AI_BLURBS.map(([title, text]) => (
          <div key={title} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
            <h3 className="font-semibold">{t(title)}</h3>
            <p className="mt-1 text-sm text-blue-100">{t(text)}</p>
          </div>
        ))}
      </div>
      <ButtonLink to="/student/quizzes/ai-quiz" variant="accent" size="lg" className="mt-6">
        <SparkIcon /> {t(isOn ? "quiz.hub.ai.start" : "quiz.hub.ai.offStart")}
      </ButtonLink>
    </section>
  );
}

/** Whether a model writes the AI test's questions now, and what that means for the result. */
function AiGenerationStatus({ isOn }: { isOn: boolean }) {
  const t = useT();
  const rich = useRichT();
  return (
    <p className="mt-3 max-w-3xl rounded-xl bg-white/10 px-4 py-3 text-sm text-blue-50 ring-1 ring-white/15">
      {isOn
        ? rich("quiz.hub.ai.onText", {
            status: <span className="font-semibold text-white">{t("quiz.hub.ai.onStatus")}</span>,
            label: t("quiz.ai.unreviewed"),
          })
        : rich("quiz.hub.ai.offText", {
            status: <span className="font-semibold text-white">{t("quiz.hub.ai.offStatus")}</span>,
          })}
    </p>
  );
}

const SECTIONS = [
  { id: "general", title: "quiz.hub.general.title", summary: "quiz.hub.general.summary", Cards: GeneralCards },
  { id: "levels", title: "quiz.hub.levels.title", summary: "quiz.hub.levels.summary", Cards: LevelCards },
  { id: "concepts", title: "quiz.hub.concepts.title", summary: "quiz.hub.concepts.summary", Cards: ConceptCards },
  {
    id: "level-concepts",
    title: "quiz.hub.levelConcepts.title",
    summary: "quiz.hub.levelConcepts.summary",
    Cards: LevelConceptCards,
  },
] as const satisfies readonly { id: string; title: MessageKey; summary: MessageKey; Cards: () => ReactNode }[];
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

const PROMISES: [MessageKey, MessageKey][] = [
  ["quiz.hub.about.analysisTitle", "quiz.hub.about.analysisText"],
  ["quiz.hub.about.recommendationsTitle", "quiz.hub.about.recommendationsText"],
  ["quiz.hub.about.progressTitle", "quiz.hub.about.progressText"],
  ["quiz.hub.about.certificateTitle", "quiz.hub.about.certificateText"],
  ["quiz.hub.about.feedbackTitle", "quiz.hub.about.feedbackText"],
  ["quiz.hub.about.mobileTitle", "quiz.hub.about.mobileText"],
];

function AboutOurTests() {
  const t = useT();
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">{t("quiz.hub.about.title")}</h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("quiz.hub.about.intro")}</p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PROMISES.map(([title, text]) => (
          <li key={title}>
            <h3 className="font-semibold text-slate-900">{t(title)}</h3>
            <p className="mt-0.5 text-sm text-slate-600">{t(text)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function QuizHubPage() {
  const t = useT();
  const [params] = useSearchParams();
  const initial = params.get("section") as SectionKey | null;
  const closers = useRef(new Map<SectionKey, () => void>());
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={t("quiz.hub.title")} subtitle={t("quiz.hub.subtitle")} />
      <StatsTiles />
      <AiCard />
      <div className="space-y-4">
        {SECTIONS.map(({ id, title, summary, Cards }) => (
          <AccordionSection
            key={id}
            id={id}
            closers={closers}
            defaultOpen={initial === id}
            title={t(title)}
            summary={t(summary)}
          >
            <Cards />
          </AccordionSection>
        ))}
      </div>
      <QuizResultsList titleId="activities-results" />
      <AboutOurTests />
    </div>
  );
}
