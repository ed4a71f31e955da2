// Issue 31: the family's learners outside booking. Each learner is a person of their own: their
// name, age group, level and goals are edited here (PUT /api/student/learners/{id}), a learner is
// added (POST), and what the teacher shared with each is found under them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { LEARNER_AGE_GROUPS, LEARNER_LEVELS, type LearnerAgeGroup } from "../../../../shared/learner-options.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useSessionExpiry } from "../../features/portal/portal-api.ts";
import { ENGLISH_LEVEL_OPTIONS } from "../../features/portal/profile-fields.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";

type Learner = RouterOutputs["portal"]["learners"]["learners"][number];
type SharedFile = RouterOutputs["portal"]["files"][number];
type Level = (typeof LEARNER_LEVELS)[number];
type Draft = { name: string; ageGroup: LearnerAgeGroup; level: Level | ""; goals: string };

const isLevel = (value: string | null): value is Level => LEARNER_LEVELS.some((l) => l === value);
const toDraft = (l: Learner): Draft => ({
  name: l.name,
  ageGroup: l.ageGroup,
  level: isLevel(l.level) ? l.level : "",
  goals: l.goals ?? "",
});
const EMPTY: Draft = { name: "", ageGroup: "child", level: "", goals: "" };

function LearnerFields({ draft, onChange }: { draft: Draft; onChange: (d: Draft) => void }) {
  const t = useT();
  // The form's three levels, and the CEFR levels a placement measures (B1).
  const levels = LEARNER_LEVELS.map((l) => ({ value: l, label: levelText(l, t) }));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t("portal.family.name")}
        required
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        autoComplete="off"
      />
      <SelectField
        label={t("portal.family.ageGroup")}
        value={draft.ageGroup}
        options={LEARNER_AGE_GROUPS.map((g) => ({ value: g, label: t("portal.family.ageGroupValue", { group: g }) }))}
        onChange={(e) => onChange({ ...draft, ageGroup: e.target.value as LearnerAgeGroup })}
      />
      <SelectField
        label={t("portal.family.level")}
        value={draft.level}
        placeholder={t("portal.family.levelNone")}
        options={levels}
        onChange={(e) => onChange({ ...draft, level: isLevel(e.target.value) ? e.target.value : "" })}
      />
      <TextAreaField
        label={t("portal.family.goals")}
        rows={2}
        value={draft.goals}
        onChange={(e) => onChange({ ...draft, goals: e.target.value })}
      />
    </div>
  );
}

/** Saves a learner (added or edited); the server's refusal (a name the family already has) is shown as said. */
function useSaveLearner(onSaved: (name: string) => void) {
  const t = useT();
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: ({ learner }: { learner: Learner }) => {
      onSaved(learner.name);
      void queryClient.invalidateQueries({ queryKey: trpc.portal.learners.queryKey() });
    },
    onError: (error: unknown) => {
      if (onExpired(error)) return;
      toast({
        title: t("portal.family.saveFailed"),
        description: (error as Error).message,
        variant: "destructive",
      });
    },
  };
  const add = useMutation(trpc.portal.addLearner.mutationOptions(options));
  const edit = useMutation(trpc.portal.updateLearner.mutationOptions(options));
  return {
    isPending: add.isPending || edit.isPending,
    save: (id: string | null, d: Draft) => {
      const data = { name: d.name, ageGroup: d.ageGroup, level: d.level || null, goals: d.goals || null };
      if (id) edit.mutate({ id, data });
      else add.mutate(data);
    },
  };
}

function SharedWith({ learner, files }: { learner: Learner; files: SharedFile[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">{t("portal.family.files", { name: learner.name })}</h3>
      {files.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("portal.family.noFiles")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <a
                href={f.file_url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 font-medium break-words text-blue-900 hover:underline"
              >
                {f.title}
              </a>
              <span className="text-xs text-slate-500">{formatDate(locale, f.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LearnerCard({ learner, files }: { learner: Learner; files: SharedFile[] }) {
  const t = useT();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const saver = useSaveLearner((name) => {
    setDraft(null);
    toast({ title: t("portal.family.saved", { name }), variant: "success" });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) saver.save(learner.id, draft);
  };
  return (
    <li>
      <Card className="p-5">
        {draft ? (
          <form onSubmit={submit} aria-label={t("portal.family.editOf", { name: learner.name })}>
            <LearnerFields draft={draft} onChange={setDraft} />
            <div className="mt-4 flex flex-wrap gap-2">
              <Button type="submit" disabled={!draft.name.trim() || saver.isPending}>
                {t("portal.family.save")}
              </Button>
              <Button type="button" variant="outline" onClick={() => setDraft(null)}>
                {t("portal.family.cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-lg font-semibold break-words text-slate-900">
                  {learner.isSelf ? t("portal.family.you", { name: learner.name }) : learner.name}
                </h2>
                <p className="text-sm text-slate-600">
                  {t("portal.family.ageGroupValue", { group: learner.ageGroup })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {learner.level && <Badge tone="blue">{levelText(learner.level, t)}</Badge>}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDraft(toDraft(learner))}
                  aria-label={t("portal.family.editOf", { name: learner.name })}
                >
                  {t("portal.family.edit")}
                </Button>
              </div>
            </div>
            <p className="mt-2 text-sm whitespace-pre-line text-slate-700">
              {learner.goals || t("portal.family.goalsNone")}
            </p>
            <SharedWith learner={learner} files={files} />
          </>
        )}
      </Card>
    </li>
  );
}

function levelText(level: string, t: ReturnType<typeof useT>) {
  const option = ENGLISH_LEVEL_OPTIONS.find((o) => o.value === level);
  return option ? t(option.label) : level;
}

function AddLearner() {
  const t = useT();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const saver = useSaveLearner((name) => {
    setDraft(EMPTY);
    toast({ title: t("portal.family.added", { name }), variant: "success" });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saver.save(null, draft);
  };
  return (
    <Card className="mt-6 p-5">
      <form onSubmit={submit} aria-labelledby="add-learner">
        <h2 id="add-learner" className="mb-3 text-lg font-semibold text-slate-900">
          {t("portal.family.add")}
        </h2>
        <LearnerFields draft={draft} onChange={setDraft} />
        <Button type="submit" className="mt-4" disabled={!draft.name.trim() || saver.isPending}>
          {t("portal.family.addSubmit")}
        </Button>
      </form>
    </Card>
  );
}

export function FamilyPage() {
  const t = useT();
  const learners = useQuery(trpc.portal.learners.queryOptions());
  const files = useQuery(trpc.portal.files.queryOptions());
  if (learners.isPending) return <Spinner label={t("portal.family.loading")} />;
  const list = learners.data?.learners ?? [];
  // A file shared with the account before it had learners is the account holder's own.
  const filesOf = (l: Learner) => (files.data ?? []).filter((f) => (f.learner ? f.learner.id === l.id : l.isSelf));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("portal.nav.family")} subtitle={t("portal.family.subtitle")} />
      {learners.isError ? (
        <EmptyState title={t("portal.loadFailed")} message={t("portal.family.tryLater")} />
      ) : list.length === 0 ? (
        <EmptyState title={t("portal.family.noneTitle")} message={t("portal.family.none")} />
      ) : (
        <ul className="space-y-4">
          {list.map((l) => (
            <LearnerCard key={l.id} learner={l} files={filesOf(l)} />
          ))}
        </ul>
      )}
      <AddLearner />
    </div>
  );
}
