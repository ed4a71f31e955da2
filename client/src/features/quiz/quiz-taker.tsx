// Issue 31: a quiz can be taken for a child. When the signed-in family has more than one learner,
// the test's start screen asks who is taking it (the account holder's own learner first, chosen
// unless another is); the choice is remembered in this tab for the test until its result arrives,
// so a refresh resumes the same learner's attempt. The attempt, its result and certificate are theirs.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";

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
 * Who takes the test `test` (a key naming it): `ready` once the family is known; `learnerId` the
 * chosen learner (undefined: the family has one learner or none, and the server takes the account
 * holder's). The account holder's own learner (listed first) takes it unless another is chosen.
 */
export function useQuizTaker(test: string) {
  const family = useQuery(trpc.portal.learners.queryOptions());
  const learners: Learner[] = family.data?.learners ?? [];
  const [stored, setStored] = useState<string | null>(() => readStored(test));
  const [touched, setTouched] = useState(false);
  const asks = learners.length > 1;
  const learner = asks ? (learners.find((l) => l.id === stored) ?? learners[0]) : null;
  const choose = useCallback(
    (id: string) => {
      writeStored(test, id);
      setStored(id);
      setTouched(true);
    },
    [test],
  );
  return {
    // A failed list of learners does not stop the test: the account holder takes it.
    ready: family.isError || family.isSuccess,
    asks,
    learners,
    learner,
    learnerId: learner?.id,
    /** Chosen on this page (an attempt in progress for them is not resumed before Start). */
    touched,
    choose,
    /** The attempt is over: the next start of this test begins from the account holder again. */
    forget: useCallback(() => writeStored(test, null), [test]),
  };
}

/** "Who is taking this test?" on the start screen: the family's learners, the account holder's own first. */
export function QuizTakerChoice({
  learners,
  chosen,
  onChoose,
}: {
  learners: Learner[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  const hintId = useId();
  return (
    <fieldset className="mt-6" aria-describedby={hintId}>
      <legend className="text-base font-semibold text-slate-900">{t("quiz.taker.title")}</legend>
      <p id={hintId} className="mt-0.5 text-sm text-slate-600">
        {t("quiz.taker.hint")}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {learners.map((l) => (
          <label
            key={l.id}
            className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border-2 px-4 py-3 text-sm ${chosen === l.id ? "border-blue-900 bg-blue-50 text-blue-900" : "border-slate-200 text-slate-700 hover:border-slate-300"}`}
          >
            <input
              type="radio"
              name="quiz-taker"
              value={l.id}
              checked={chosen === l.id}
              onChange={() => onChoose(l.id)}
              className="mt-0.5 size-4 shrink-0 accent-blue-900"
            />
            <span className="min-w-0">
              <span className="block break-words font-medium">
                {l.isSelf ? t("quiz.taker.you", { name: l.name }) : l.name}
              </span>
              <span className="block text-xs text-slate-600">{t("quiz.taker.ageGroup", { group: l.ageGroup })}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
