// One bank item: its text, key and explanation, its figures, and what the teacher may do with it:
// approve (a pending AI item), correct (saved as a new version; the old one is retired) or retire.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { bankItemCorrectionSchema } from "../../../../shared/question-bank-schemas.ts";
import { CONCEPT_CATALOG, CONCEPT_LEVELS, CONCEPT_SLUGS, QUIZ_LEVELS } from "../../../../shared/quiz-catalog.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindValue } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog, Modal } from "../../components/ui/dialog.tsx";
import { ErrorAlert } from "../../components/ui/error-alert.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { serverMessage, useAdminFailure } from "./admin-api.ts";
import { DetailRow } from "./admin-shell.tsx";
import {
  type BankItem,
  FLAG_LABELS,
  formatDiscrimination,
  formatFacility,
  percent,
  statusBadge,
} from "./question-bank-format.ts";

const LETTERS = ["A", "B", "C", "D"];

export function QuestionBankDialog(props: {
  item: BankItem | null;
  onClose: () => void;
  onReplaced: (id: string) => void;
}) {
  const { item } = props;
  const [editing, setEditing] = useState(false);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.questionBank.list.pathKey() });
  const close = () => {
    setEditing(false);
    props.onClose();
  };

  const retire = useMutation(
    trpc.admin.questionBank.retire.mutationOptions({
      onSuccess: ({ item: retired }) => {
        setConfirmRetire(false);
        close();
        toast({
          title: t("admin.qb.retired"),
          description: t("admin.qb.retiredText", { id: retired.id }),
          variant: "success",
        });
        void refresh();
      },
      onError: (e) => fail(e, serverMessage(e) ?? t("admin.qb.retireFailed")),
    }),
  );
  const approve = useMutation(
    trpc.admin.questionBank.approve.mutationOptions({
      onSuccess: ({ item: approved }) => {
        toast({
          title: t("admin.qb.approved"),
          description: t("admin.qb.approvedText", { id: approved.id }),
          variant: "success",
        });
        void refresh();
      },
      onError: (e) => fail(e, serverMessage(e) ?? t("admin.qb.approveFailed")),
    }),
  );

  const isLive = item?.status !== "retired";
  return (
    <>
      <Modal
        open={item !== null && !confirmRetire}
        onClose={close}
        size="lg"
        title={t(editing ? "admin.qb.correctTitle" : "admin.qb.detailsTitle")}
        description={
          item &&
          (editing
            ? t("admin.qb.correctText", { next: item.version + 1, current: item.version })
            : `${item.id} · ${item.level}${item.conceptName ? ` · ${item.conceptName}` : ""}`)
        }
        footer={
          item && !editing && isLive ? (
            <>
              <Button
                variant="danger"
                onClick={() => setConfirmRetire(true)}
                aria-label={t("admin.qb.retireOf", { id: item.id })}
              >
                {t("admin.qb.retire")}
              </Button>
              <Button variant="outline" onClick={() => setEditing(true)}>
                {t("admin.qb.correct")}
              </Button>
              {item.status === "pending" && (
                <Button onClick={() => approve.mutate({ id: item.id })} disabled={approve.isPending}>
                  {t(approve.isPending ? "admin.qb.approving" : "admin.qb.approve")}
                </Button>
              )}
            </>
          ) : undefined
        }
      >
        {item &&
          (editing ? (
            <CorrectionForm
              item={item}
              onCancel={() => setEditing(false)}
              onSaved={(id) => {
                setEditing(false);
                void refresh();
                props.onReplaced(id);
              }}
            />
          ) : (
            <ItemDetails item={item} />
          ))}
      </Modal>
      <ConfirmDialog
        open={confirmRetire && item !== null}
        title={t("admin.qb.retireTitle")}
        message={
          <>
            <p className="font-mono text-xs text-slate-500">{item?.id}</p>
            <p className="mt-1">{item?.question}</p>
            <p className="mt-3">{t("admin.qb.retireText")}</p>
          </>
        }
        confirmLabel={t(retire.isPending ? "admin.qb.retiring" : "admin.qb.retireConfirm")}
        destructive
        busy={retire.isPending}
        onConfirm={() => item && retire.mutate({ id: item.id })}
        onCancel={() => setConfirmRetire(false)}
      />
    </>
  );
}

function ItemDetails({ item }: { item: BankItem }) {
  const t = useT();
  // The distractor analysis, once both halves of the students who answered have someone in them.
  const { halves } = item.stats;
  const shares = halves.stronger > 0 && halves.weaker > 0 ? item.stats.options : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={statusBadge(item).tone}>{t(statusBadge(item).label)}</Badge>
        {item.source === "ai" && <Badge tone="purple">{t("admin.qb.aiGenerated")}</Badge>}
        {item.flags.map((flag) => (
          <Badge key={flag} tone="red">
            {t(FLAG_LABELS[flag])}
          </Badge>
        ))}
      </div>
      {item.testlet && (
        <details className="rounded-lg border border-slate-200 bg-slate-50">
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-900">
            {t("admin.qb.readingText", { title: item.testlet.title, position: item.testlet.position ?? "" })}
          </summary>
          <section
            aria-label={t("admin.qb.readingTextLabel")}
            className="space-y-2 px-3 pb-3 text-sm leading-relaxed text-slate-800"
          >
            {item.testlet.text.split(/\n\s*\n/).map((paragraph) => (
              <p key={paragraph} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </section>
        </details>
      )}
      <p className="text-base font-medium text-slate-900">{item.question}</p>
      <ol className="space-y-1.5" aria-label={t("admin.qb.options")}>
        {item.options.map((option, i) => (
          <li
            key={option}
            className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${
              i === item.correctAnswer
                ? "border-emerald-300 bg-emerald-50 text-emerald-950"
                : "border-slate-200 text-slate-800"
            }`}
          >
            <span className="font-semibold">{LETTERS[i]}.</span>
            <span className="flex-1">
              {option}
              {shares?.[i] && (
                <span className="block text-xs text-slate-500">
                  {t("admin.qb.optionShares", {
                    stronger: percent(shares[i].stronger),
                    weaker: percent(shares[i].weaker),
                  })}
                  {item.stats.attractsStronger.includes(i) && (
                    <strong className="ml-1 font-semibold text-red-700">· {t("admin.qb.attractsStrongerMark")}</strong>
                  )}
                </span>
              )}
            </span>
            {i === item.correctAnswer && <span className="font-semibold">{t("admin.qb.correctMark")}</span>}
          </li>
        ))}
      </ol>
      {shares && (
        <p className="text-xs text-slate-500">
          {t("admin.qb.optionSharesNote", { stronger: halves.stronger, weaker: halves.weaker })}
        </p>
      )}
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{item.explanation}</p>
      <dl className="divide-y divide-slate-100">
        <DetailRow label={t("admin.qb.facility")}>
          {formatFacility(item, t)}
          {item.stats.expectedFacility !== null &&
            t("admin.qb.levelPredictsFull", { percent: Math.round(item.stats.expectedFacility * 100) })}
        </DetailRow>
        <DetailRow label={t("admin.qb.discrimination")}>{formatDiscrimination(item, t)}</DetailRow>
        <DetailRow label={t("admin.qb.calibrated")}>
          {item.calibratedDifficulty === null
            ? t("admin.qb.notCalibrated")
            : t("admin.qb.calibratedValues", {
                difficulty: item.calibratedDifficulty.toFixed(2),
                discrimination: item.calibratedDiscrimination?.toFixed(2) ?? "–",
              })}
        </DetailRow>
        {item.point && (
          <DetailRow label={t("admin.qb.point")}>{t("admin.qb.pointValue", { point: item.point })}</DetailRow>
        )}
        {item.replacesId && <DetailRow label={t("admin.qb.replaces")}>{item.replacesId}</DetailRow>}
      </dl>
    </div>
  );
}

function CorrectionForm(props: { item: BankItem; onCancel: () => void; onSaved: (id: string) => void }) {
  const { item } = props;
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const [question, setQuestion] = useState(item.question);
  const [options, setOptions] = useState([...item.options]);
  const [correctAnswer, setCorrectAnswer] = useState(String(item.correctAnswer));
  const [explanation, setExplanation] = useState(item.explanation);
  const [level, setLevel] = useState(item.level);
  const [error, setError] = useState<string | null>(null);
  const correct = useMutation(
    trpc.admin.questionBank.correct.mutationOptions({
      onSuccess: ({ item: saved }) => {
        toast({
          title: t("admin.qb.saved"),
          description: t("admin.qb.savedText", { id: saved.id, old: item.id }),
          variant: "success",
        });
        props.onSaved(saved.id);
      },
      onError: (e) => {
        if (isSessionExpired(e)) fail(e, "");
        else setError(serverMessage(e) ?? t("admin.qb.saveFailed"));
      },
    }),
  );
  const conceptFits =
    item.concept !== null &&
    CONCEPT_SLUGS.includes(item.concept as (typeof CONCEPT_SLUGS)[number]) &&
    (CONCEPT_LEVELS[item.concept as (typeof CONCEPT_SLUGS)[number]] as readonly string[]).includes(level);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = bankItemCorrectionSchema.safeParse({
      question,
      options,
      correctAnswer: Number(correctAnswer),
      explanation,
      level,
      concept: conceptFits ? item.concept : null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("admin.qb.checkFields"));
      return;
    }
    setError(null);
    correct.mutate({ id: item.id, item: parsed.data });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ErrorAlert message={error} />
      <TextAreaField label={t("admin.qb.question")} required rows={3} {...bindValue(question, setQuestion)} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("admin.qb.options")}</legend>
        {options.map((option, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the four option slots are fixed positions
            key={i}
            label={t("admin.qb.option", { letter: LETTERS[i] })}
            required
            value={option}
            onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value : o)))}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t("admin.qb.correctOption")}
          {...bindValue(correctAnswer, setCorrectAnswer)}
          options={LETTERS.map((letter, i) => ({ value: String(i), label: t("admin.qb.option", { letter }) }))}
        />
        <SelectField
          label={t("admin.qb.level")}
          value={level}
          onChange={(e) => setLevel(e.target.value as typeof level)}
          options={QUIZ_LEVELS.map((l) => ({ value: l, label: l }))}
          hint={
            item.concept && !conceptFits
              ? t("admin.qb.conceptNotAtLevel", {
                  concept: CONCEPT_CATALOG[item.concept as (typeof CONCEPT_SLUGS)[number]]?.name ?? item.concept,
                  level,
                })
              : undefined
          }
        />
      </div>
      <TextAreaField
        label={t("admin.qb.explanation")}
        required
        rows={4}
        {...bindValue(explanation, setExplanation)}
        hint={t("admin.qb.explanationHint")}
      />
      <FormActions
        onCancel={props.onCancel}
        submitLabel={t("admin.qb.saveVersion")}
        pendingLabel={t("admin.qb.saving")}
        isPending={correct.isPending}
      />
    </form>
  );
}
