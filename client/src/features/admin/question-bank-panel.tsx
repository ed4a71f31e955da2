// Question bank: every item with how students did on it (facility, discrimination, how many
// answers each figure rests on, the calibrated difficulty), flags for items that misbehave, and
// the review of AI-generated items. Filters and paging like the other admin lists.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  ITEM_FACILITY_TOLERANCE,
  ITEM_FLAG_MIN_ANSWERS,
  type ItemStatus,
} from "../../../../shared/question-bank-schemas.ts";
import { CONCEPT_CATALOG, CONCEPT_SLUGS, QUIZ_LEVELS, type QuizLevel } from "../../../../shared/quiz-catalog.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindValue } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CheckboxField, SelectField } from "../../components/ui/field.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { SearchTextField, useSearch } from "../../components/ui/search-text-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, useLoadFailure } from "./admin-api.ts";
import { FilterBar } from "./admin-shell.tsx";
import { QuestionBankDialog } from "./question-bank-dialog.tsx";
import {
  answers,
  type BankItem,
  decimal,
  FLAG_LABELS,
  formatDiscrimination,
  formatFacility,
  percent,
  STATUS_LABELS,
  statusBadge,
} from "./question-bank-format.ts";

function StatusAndFlags({ item }: { item: BankItem }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone={statusBadge(item).tone}>{statusBadge(item).label}</Badge>
      {item.source === "ai" && <Badge tone="purple">AI-generated</Badge>}
      {item.version > 1 && <Badge tone="blue">Version {item.version}</Badge>}
      {item.flags.map((flag) => (
        <Badge key={flag} tone="red">
          {FLAG_LABELS[flag]}
        </Badge>
      ))}
    </div>
  );
}

const levelOptions = QUIZ_LEVELS.map((l) => ({ value: l, label: l }));
const conceptOptions = CONCEPT_SLUGS.map((slug) => ({ value: slug, label: CONCEPT_CATALOG[slug].name }));
const statusOptions = (Object.keys(STATUS_LABELS) as ItemStatus[]).map((s) => ({
  value: s,
  label: STATUS_LABELS[s].label,
}));

export function QuestionBankPanel() {
  const [level, setLevel] = useState("");
  const [concept, setConcept] = useState("");
  const [status, setStatus] = useState<"" | ItemStatus>("");
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const search = useSearch();
  const [openId, setOpenId] = useState<string | null>(null);
  const { params, pager } = usePage(
    {
      level: level ? (level as QuizLevel) : undefined,
      concept: concept || undefined,
      status: status || ("all" as const),
      flaggedOnly,
      search: search.query || undefined,
    },
    ADMIN_PAGE_SIZE,
  );
  const list = useQuery({ ...trpc.admin.questionBank.list.queryOptions(params), placeholderData: keepPreviousData });
  useLoadFailure(list.error, "Failed to load the question bank.");
  const data = list.data;
  const open = data?.items.find((i) => i.id === openId) ?? null;

  const columns: Column<BankItem>[] = [
    {
      key: "item",
      header: "Question",
      cellClassName: "min-w-72",
      cell: (item) => (
        <div className="space-y-1.5">
          <p className="font-mono text-xs text-slate-500">{item.id}</p>
          <p className="text-slate-900">{item.question}</p>
          <StatusAndFlags item={item} />
        </div>
      ),
    },
    {
      key: "level",
      header: "Level",
      cell: (item) => (
        <div>
          <p className="font-semibold text-slate-900">{item.level}</p>
          <p className="text-xs text-slate-500">{item.conceptName ?? item.topic}</p>
        </div>
      ),
    },
    {
      key: "facility",
      header: "Facility",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => (
        <div>
          <p className="font-semibold text-slate-900">{percent(item.stats.facility)}</p>
          <p className="text-xs text-slate-500">{answers(item.stats.served)}</p>
          {item.stats.expectedFacility !== null && (
            <p className="text-xs text-slate-500">level predicts {percent(item.stats.expectedFacility)}</p>
          )}
        </div>
      ),
    },
    {
      key: "discrimination",
      header: "Discrimination",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => (
        <div>
          <p className={`font-semibold ${(item.stats.discrimination ?? 0) < 0 ? "text-red-700" : "text-slate-900"}`}>
            {decimal(item.stats.discrimination)}
          </p>
          <p className="text-xs text-slate-500">{answers(item.stats.discriminationAnswers)}</p>
        </div>
      ),
    },
    {
      key: "calibrated",
      header: "Calibrated difficulty",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => <span>{decimal(item.calibratedDifficulty)}</span>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cellClassName: "text-right",
      cell: (item) => (
        <Button size="sm" variant="outline" onClick={() => setOpenId(item.id)} aria-label={`Open ${item.id}`}>
          {item.status === "pending" ? "Review" : "Open"}
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {data && (
        <div className="rounded-2xl border border-blue-100 bg-blue-50 p-4 text-sm text-blue-950" role="note">
          <p>
            <span className="font-semibold">Facility</span> is the share of answers that were right;{" "}
            <span className="font-semibold">discrimination</span> is how well the item separates stronger from weaker
            students (the point-biserial correlation with the rest of each test: below 0, stronger students get it wrong
            more often). Each figure says how many answers it rests on. Items are flagged from {ITEM_FLAG_MIN_ANSWERS}{" "}
            answers: when the share right is more than {Math.round(ITEM_FACILITY_TOLERANCE * 100)} points from what the
            item's level predicts for those students, or when discrimination is negative.
          </p>
          <p className="mt-2">
            {data.aiGenerationOn
              ? `AI generation is on: new AI items wait here for your review (${data.counts.pending} waiting). Until you approve them they appear only in the AI practice test, marked "AI-generated, not reviewed".`
              : `AI generation is off.${data.counts.pending ? ` ${data.counts.pending} earlier AI items are waiting for your review.` : ""}`}
          </p>
        </div>
      )}

      <FilterBar>
        <SelectField label="Level" {...bindValue(level, setLevel)} options={levelOptions} placeholder="All levels" />
        <SelectField
          label="Concept"
          {...bindValue(concept, setConcept)}
          options={conceptOptions}
          placeholder="All concepts"
        />
        <SelectField
          label="Status"
          {...bindValue(status, (value) => setStatus(value as "" | ItemStatus))}
          options={statusOptions}
          placeholder="Any status"
        />
        <SearchTextField label="Search" placeholder="Id, question or option" {...search.box} />
        <div className="flex items-end pb-1 sm:col-span-2 lg:col-span-4">
          <CheckboxField
            label={`Flagged only${data ? ` (${data.counts.flagged} in the whole bank)` : ""}`}
            checked={flaggedOnly}
            onChange={(e) => setFlaggedOnly(e.target.checked)}
          />
        </div>
      </FilterBar>

      {list.isPending ? (
        <Spinner label="Loading the question bank" />
      ) : !data || data.items.length === 0 ? (
        <Card className="p-6">
          <EmptyState
            title={flaggedOnly ? "No flagged questions" : "No questions match"}
            message={
              flaggedOnly
                ? `An item is flagged once it has ${ITEM_FLAG_MIN_ANSWERS} answers and misbehaves.`
                : "Try another level, concept, status or search."
            }
          />
        </Card>
      ) : (
        <>
          <DataTable
            rows={data.items}
            rowKey={(item) => item.id}
            columns={columns}
            card={(item) => (
              <div className="space-y-2">
                <div className="flex items-start justify-between gap-3">
                  <p className="font-mono text-xs text-slate-500">
                    {item.id} · {item.level}
                    {item.conceptName ? ` · ${item.conceptName}` : ""}
                  </p>
                </div>
                <p className="text-slate-900">{item.question}</p>
                <StatusAndFlags item={item} />
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">Facility</dt>
                  <dd className="tabular-nums text-slate-900">{formatFacility(item)}</dd>
                  <dt className="text-slate-500">Discrimination</dt>
                  <dd className="tabular-nums text-slate-900">{formatDiscrimination(item)}</dd>
                  <dt className="text-slate-500">Calibrated</dt>
                  <dd className="tabular-nums text-slate-900">{decimal(item.calibratedDifficulty)}</dd>
                </dl>
                <Button
                  size="sm"
                  variant="outline"
                  className="w-full"
                  onClick={() => setOpenId(item.id)}
                  aria-label={`Open ${item.id}`}
                >
                  {item.status === "pending" ? "Review" : "Open"}
                </Button>
              </div>
            )}
          />
          <Pager label="Question pages" total={data.total} {...pager} />
        </>
      )}
      <QuestionBankDialog item={open} onClose={() => setOpenId(null)} onReplaced={setOpenId} />
    </div>
  );
}
