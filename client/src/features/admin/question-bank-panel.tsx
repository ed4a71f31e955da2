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
import { useRichT, useT } from "../../lib/i18n.tsx";
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
  const t = useT();
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone={statusBadge(item).tone}>{t(statusBadge(item).label)}</Badge>
      {item.source === "ai" && <Badge tone="purple">{t("admin.qb.aiGenerated")}</Badge>}
      {item.version > 1 && <Badge tone="blue">{t("admin.qb.version", { version: item.version })}</Badge>}
      {item.flags.map((flag) => (
        <Badge key={flag} tone="red">
          {t(FLAG_LABELS[flag])}
        </Badge>
      ))}
    </div>
  );
}

const levelOptions = QUIZ_LEVELS.map((l) => ({ value: l, label: l }));
const conceptOptions = CONCEPT_SLUGS.map((slug) => ({ value: slug, label: CONCEPT_CATALOG[slug].name }));
const STATUSES = Object.keys(STATUS_LABELS) as ItemStatus[];

export function QuestionBankPanel() {
  const t = useT();
  const rich = useRichT();
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
  useLoadFailure(list.error, t("admin.qb.loadFailed"));
  const data = list.data;
  const open = data?.items.find((i) => i.id === openId) ?? null;

  const columns: Column<BankItem>[] = [
    {
      key: "item",
      header: t("admin.qb.col.question"),
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
      header: t("admin.qb.col.level"),
      cell: (item) => (
        <div>
          <p className="font-semibold text-slate-900">{item.level}</p>
          <p className="text-xs text-slate-500">{item.conceptName ?? item.topic}</p>
        </div>
      ),
    },
    {
      key: "facility",
      header: t("admin.qb.col.facility"),
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => (
        <div>
          <p className="font-semibold text-slate-900">{percent(item.stats.facility)}</p>
          <p className="text-xs text-slate-500">{answers(item.stats.served, t)}</p>
          {item.stats.expectedFacility !== null && (
            <p className="text-xs text-slate-500">
              {t("admin.qb.levelPredicts", { percent: percent(item.stats.expectedFacility) })}
            </p>
          )}
        </div>
      ),
    },
    {
      key: "discrimination",
      header: t("admin.qb.col.discrimination"),
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => (
        <div>
          <p className={`font-semibold ${(item.stats.discrimination ?? 0) < 0 ? "text-red-700" : "text-slate-900"}`}>
            {decimal(item.stats.discrimination)}
          </p>
          <p className="text-xs text-slate-500">{answers(item.stats.discriminationAnswers, t)}</p>
        </div>
      ),
    },
    {
      key: "calibrated",
      header: t("admin.qb.col.calibrated"),
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (item) => <span>{decimal(item.calibratedDifficulty)}</span>,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("admin.qb.col.actions")}</span>,
      cellClassName: "text-right",
      cell: (item) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpenId(item.id)}
          aria-label={t("admin.qb.openOf", { id: item.id })}
        >
          {t(item.status === "pending" ? "admin.qb.review" : "admin.qb.open")}
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {data && (
        <div className="rounded-2xl border border-blue-100 bg-blue-50 p-4 text-sm text-blue-950" role="note">
          <p>
            {rich("admin.qb.explainer", {
              facility: <span className="font-semibold">{t("admin.qb.facilityTerm")}</span>,
              discrimination: <span className="font-semibold">{t("admin.qb.discriminationTerm")}</span>,
              min: ITEM_FLAG_MIN_ANSWERS,
              points: Math.round(ITEM_FACILITY_TOLERANCE * 100),
            })}
          </p>
          <p className="mt-2">
            {data.aiGenerationOn
              ? t("admin.qb.aiOn", { count: data.counts.pending })
              : t("admin.qb.aiOff", { count: data.counts.pending })}
          </p>
        </div>
      )}

      <FilterBar>
        <SelectField
          label={t("admin.qb.level")}
          {...bindValue(level, setLevel)}
          options={levelOptions}
          placeholder={t("admin.qb.allLevels")}
        />
        <SelectField
          label={t("admin.qb.concept")}
          {...bindValue(concept, setConcept)}
          options={conceptOptions}
          placeholder={t("admin.qb.allConcepts")}
        />
        <SelectField
          label={t("admin.qb.status")}
          {...bindValue(status, (value) => setStatus(value as "" | ItemStatus))}
          options={STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s].label) }))}
          placeholder={t("admin.qb.anyStatus")}
        />
        <SearchTextField label={t("admin.qb.search")} placeholder={t("admin.qb.searchPlaceholder")} {...search.box} />
        <div className="flex items-end pb-1 sm:col-span-2 lg:col-span-4">
          <CheckboxField
            label={t("admin.qb.flaggedOnly", { count: data ? data.counts.flagged : "none" })}
            checked={flaggedOnly}
            onChange={(e) => setFlaggedOnly(e.target.checked)}
          />
        </div>
      </FilterBar>

      {list.isPending ? (
        <Spinner label={t("admin.qb.loading")} />
      ) : !data || data.items.length === 0 ? (
        <Card className="p-6">
          <EmptyState
            title={t(flaggedOnly ? "admin.qb.noFlagged" : "admin.qb.noMatch")}
            message={
              flaggedOnly ? t("admin.qb.noFlaggedText", { min: ITEM_FLAG_MIN_ANSWERS }) : t("admin.qb.noMatchText")
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
                  <dt className="text-slate-500">{t("admin.qb.facility")}</dt>
                  <dd className="tabular-nums text-slate-900">{formatFacility(item, t)}</dd>
                  <dt className="text-slate-500">{t("admin.qb.discrimination")}</dt>
                  <dd className="tabular-nums text-slate-900">{formatDiscrimination(item, t)}</dd>
                  <dt className="text-slate-500">{t("admin.qb.calibrated")}</dt>
                  <dd className="tabular-nums text-slate-900">{decimal(item.calibratedDifficulty)}</dd>
                </dl>
                <Button
                  size="sm"
                  variant="outline"
                  className="w-full"
                  onClick={() => setOpenId(item.id)}
                  aria-label={t("admin.qb.openOf", { id: item.id })}
                >
                  {t(item.status === "pending" ? "admin.qb.review" : "admin.qb.open")}
                </Button>
              </div>
            )}
          />
          <Pager label={t("admin.qb.pages")} total={data.total} {...pager} />
        </>
      )}
      <QuestionBankDialog item={open} onClose={() => setOpenId(null)} onReplaced={setOpenId} />
    </div>
  );
}
