import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";

/** A full-card message with the way back: not found, invalid choices, load failures. */
export function QuizMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <div
        className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-amber-50 text-amber-700"
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path
            d="M12 8v5m0 3h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600" role="alert">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children}
        <ButtonLink to={QUIZ_HOME} variant="outline">
          {t("quiz.backToActivities")}
        </ButtonLink>
      </div>
    </Card>
  );
}

export function Preparing({ label }: { label?: string }) {
  const t = useT();
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <Spinner />
      <p className="font-semibold text-slate-900">{label ?? t("quiz.message.preparing")}</p>
    </Card>
  );
}
