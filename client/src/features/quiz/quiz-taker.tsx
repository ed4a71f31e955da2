// Issue 31: a quiz can be taken for a child. When the signed-in family has more than one learner,
// starting a test first asks who is taking it (the account holder's own learner first); the choice
// is remembered in this tab for the test until its result arrives, so a refresh resumes the same
// learner's attempt without asking again. The attempt, its result and certificate are theirs.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { QUIZ_HOME } from "./quiz-paths.ts";

type Learner = { id: string; name: string; ageGroup: string; isSelf: boolean };

const storageKey = (test: string) => `quizTaker:${test}`;

function readStored(test: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(test));
  } catch {
    return null;
  }
}

function writeStored(test: string, id: string | null) {
  try {
    if (id) sessionStorage.setItem(storageKey(test), id);
    else sessionStorage.removeItem(storageKey(test));
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/**
 * Who takes the test `test` (a key naming it): `ready` once known, `learnerId` the chosen learner
 * (undefined: the family has one learner or none, and the server takes the account holder's).
 */
export function useQuizTaker(test: string) {
  const family = useQuery(trpc.portal.learners.queryOptions());
  const learners: Learner[] = family.data?.learners ?? [];
  const [chosen, setChosen] = useState<string | null>(() => readStored(test));
  const asks = learners.length > 1;
  const learner = asks ? (learners.find((l) => l.id === chosen) ?? null) : null;
  const choose = useCallback(
    (id: string | null) => {
      writeStored(test, id);
      setChosen(id);
    },
    [test],
  );
  return {
    // A failed list of learners does not stop the test: the account holder takes it.
    ready: family.isError || (family.isSuccess && (!asks || learner !== null)),
    asks,
    learners,
    learner,
    learnerId: learner?.id,
    choose,
    /** The attempt is over: the next start of this test asks again. */
    forget: useCallback(() => writeStored(test, null), [test]),
  };
}

/** "Who is taking this test?": the family's learners, the account holder's own first. */
export function QuizTakerPicker({
  title,
  learners,
  initial,
  onChoose,
}: {
  /** The test's name in the page's language. */
  title: string;
  learners: Learner[];
  initial: string | null;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  const titleId = useId();
  const [picked, setPicked] = useState(initial ?? learners[0]?.id ?? "");
  return (
    <Card className="mx-auto max-w-2xl p-5 sm:p-8" role="region" aria-labelledby={titleId}>
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{title}</p>
      <form
        className="mt-1"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) onChoose(picked);
        }}
      >
        <fieldset>
          <legend id={titleId} className="text-2xl font-bold text-slate-900">
            {t("quiz.taker.title")}
          </legend>
          <p className="mt-1 text-slate-600">{t("quiz.taker.hint")}</p>
          <div className="mt-5 grid gap-2 sm:grid-cols-2">
            {learners.map((l) => (
              <label
                key={l.id}
                className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border-2 px-4 py-3 text-sm ${picked === l.id ? "border-blue-900 bg-blue-50 text-blue-900" : "border-slate-200 text-slate-700 hover:border-slate-300"}`}
              >
                <input
                  type="radio"
                  name="quiz-taker"
                  value={l.id}
                  checked={picked === l.id}
                  onChange={() => setPicked(l.id)}
                  className="mt-0.5 size-4 shrink-0 accent-blue-900"
                />
                <span className="min-w-0">
                  <span className="block break-words font-medium">
                    {l.isSelf ? t("quiz.taker.you", { name: l.name }) : l.name}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {t("quiz.taker.ageGroup", { group: l.ageGroup })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to={QUIZ_HOME} variant="outline">
            {t("quiz.backToActivities")}
          </ButtonLink>
          <Button type="submit" disabled={!picked}>
            {t("quiz.taker.continue")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
