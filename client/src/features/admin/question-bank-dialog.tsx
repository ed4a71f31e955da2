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
import { trpc } from "../../trpc.ts";
import { serverMessage, useAdminFailure } from "./admin-api.ts";
import { DetailRow } from "./admin-shell.tsx";
import {
  type BankItem,
  FLAG_LABELS,
  formatDiscrimination,
  formatFacility,
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
          title: "Question retired",
          description: `${retired.id} is no longer used in new tests. Results already given keep it.`,
          variant: "success",
        });
        void refresh();
      },
      onError: (e) => fail(e, serverMessage(e) ?? "Failed to retire the question."),
    }),
  );
  const approve = useMutation(
    trpc.admin.questionBank.approve.mutationOptions({
      onSuccess: ({ item: approved }) => {
        toast({ title: "Question approved", description: `${approved.id} is marked reviewed.`, variant: "success" });
        void refresh();
      },
      onError: (e) => fail(e, serverMessage(e) ?? "Failed to approve the question."),
    }),
  );

  const isLive = item?.status !== "retired";
  return (
    <>
      <Modal
        open={item !== null && !confirmRetire}
        onClose={close}
        size="lg"
        title={editing ? "Correct this question" : "Question details"}
        description={
          item &&
          (editing
            ? `Saved as version ${item.version + 1}; version ${item.version} is retired, so results already given keep it.`
            : `${item.id} · ${item.level}${item.conceptName ? ` · ${item.conceptName}` : ""}`)
        }
        footer={
          item && !editing && isLive ? (
            <>
              <Button variant="danger" onClick={() => setConfirmRetire(true)} aria-label={`Retire ${item.id}`}>
                Retire
              </Button>
              <Button variant="outline" onClick={() => setEditing(true)}>
                Correct
              </Button>
              {item.status === "pending" && (
                <Button onClick={() => approve.mutate({ id: item.id })} disabled={approve.isPending}>
                  {approve.isPending ? "Approving…" : "Approve"}
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
        title="Retire this question?"
        message={
          <>
            <p className="font-mono text-xs text-slate-500">{item?.id}</p>
            <p className="mt-1">{item?.question}</p>
            <p className="mt-3">
              It leaves every new test at once. Results already given keep it, with the key they were scored on. This
              cannot be undone.
            </p>
          </>
        }
        confirmLabel={retire.isPending ? "Retiring…" : "Retire question"}
        destructive
        busy={retire.isPending}
        onConfirm={() => item && retire.mutate({ id: item.id })}
        onCancel={() => setConfirmRetire(false)}
      />
    </>
  );
}

function ItemDetails({ item }: { item: BankItem }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={statusBadge(item).tone}>{statusBadge(item).label}</Badge>
        {item.source === "ai" && <Badge tone="purple">AI-generated</Badge>}
        {item.flags.map((flag) => (
          <Badge key={flag} tone="red">
            {FLAG_LABELS[flag]}
          </Badge>
        ))}
      </div>
      <p className="text-base font-medium text-slate-900">{item.question}</p>
      <ol className="space-y-1.5" aria-label="Options">
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
            <span className="flex-1">{option}</span>
            {i === item.correctAnswer && <span className="font-semibold">Correct</span>}
          </li>
        ))}
      </ol>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{item.explanation}</p>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Facility">
          {formatFacility(item)}
          {item.stats.expectedFacility !== null &&
            ` (the level predicts ${Math.round(item.stats.expectedFacility * 100)}%)`}
        </DetailRow>
        <DetailRow label="Discrimination">{formatDiscrimination(item)}</DetailRow>
        <DetailRow label="Calibrated">
          {item.calibratedDifficulty === null
            ? "Not yet (needs more placement answers)"
            : `difficulty ${item.calibratedDifficulty.toFixed(2)}, discrimination ${item.calibratedDiscrimination?.toFixed(2) ?? "–"}`}
        </DetailRow>
        {item.replacesId && <DetailRow label="Replaces">{item.replacesId}</DetailRow>}
      </dl>
    </div>
  );
}

function CorrectionForm(props: { item: BankItem; onCancel: () => void; onSaved: (id: string) => void }) {
  const { item } = props;
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
          title: "Correction saved",
          description: `${saved.id} replaces ${item.id} in new tests.`,
          variant: "success",
        });
        props.onSaved(saved.id);
      },
      onError: (e) => {
        if (isSessionExpired(e)) fail(e, "");
        else setError(serverMessage(e) ?? "Failed to save the correction.");
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
      setError(parsed.error.issues[0]?.message ?? "Please check the fields.");
      return;
    }
    setError(null);
    correct.mutate({ id: item.id, item: parsed.data });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ErrorAlert message={error} />
      <TextAreaField label="Question" required rows={3} {...bindValue(question, setQuestion)} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Options</legend>
        {options.map((option, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the four option slots are fixed positions
            key={i}
            label={`Option ${LETTERS[i]}`}
            required
            value={option}
            onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value : o)))}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Correct option"
          {...bindValue(correctAnswer, setCorrectAnswer)}
          options={LETTERS.map((letter, i) => ({ value: String(i), label: `Option ${letter}` }))}
        />
        <SelectField
          label="Level"
          value={level}
          onChange={(e) => setLevel(e.target.value as typeof level)}
          options={QUIZ_LEVELS.map((l) => ({ value: l, label: l }))}
          hint={
            item.concept && !conceptFits
              ? `${CONCEPT_CATALOG[item.concept as (typeof CONCEPT_SLUGS)[number]]?.name ?? item.concept} is not taught at ${level}: the new version will have no concept.`
              : undefined
          }
        />
      </div>
      <TextAreaField
        label="Explanation"
        required
        rows={4}
        {...bindValue(explanation, setExplanation)}
        hint="Why the answer is right, and why the most tempting wrong option is wrong."
      />
      <FormActions
        onCancel={props.onCancel}
        submitLabel="Save as new version"
        pendingLabel="Saving…"
        isPending={correct.isPending}
      />
    </form>
  );
}
