// The teacher's question bank: every item with its statistics and flags, and the three things
// the teacher does to an item: retire it, correct it (a new version; the old one is retired so
// the results already given keep the item they were scored on), approve a pending AI item.

import type { z } from "zod";
import type { BankItemCorrection, ItemStatus, listBankItemsSchema } from "../../../shared/question-bank-schemas.ts";
import { CONCEPT_CATALOG, isConceptSlug, levelDifficulty } from "../../../shared/quiz-catalog.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import {
  approveBankItemRow,
  type BankItemRow,
  findBankItemRow,
  insertCorrection,
  listBankItemRows,
  listResponseRows,
  listStoredAbilities,
  readStatisticsVersion,
  retireBankItemRow,
} from "../quiz/item-bank.data.ts";
import {
  abilitiesFromRows,
  computeItemStatistics,
  emptyStatistics,
  flagItem,
  type ItemStatistics,
} from "../quiz/item-statistics.ts";

export const BANK_ITEM_MESSAGES = {
  notFound: "This question was not found.",
  retired: "This question is retired already: it can no longer be changed.",
  notPending: "This question is not waiting for review.",
} as const;

function statusOf(row: Pick<BankItemRow, "retiredAt" | "isActive" | "reviewStatus">): ItemStatus {
  if (row.retiredAt || !row.isActive) return "retired";
  return row.reviewStatus === "pending" ? "pending" : "live";
}

function toBankItemDto(row: BankItemRow, stats = emptyStatistics) {
  return {
    id: row.id,
    question: row.question,
    options: row.options,
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    level: row.level,
    concept: row.concept,
    conceptName: row.concept && isConceptSlug(row.concept) ? CONCEPT_CATALOG[row.concept].name : null,
    topic: row.topic,
    point: row.point,
    /** A question about a reading text: the text, and the question's place among its questions. */
    testlet: row.testlet ? { ...row.testlet, position: row.testletPosition } : null,
    source: row.source as "bank" | "ai",
    status: statusOf(row),
    version: row.version,
    replacesId: row.replacesId,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    calibratedDifficulty: row.calibratedDifficulty,
    calibratedDiscrimination: row.calibratedDiscrimination,
    calibratedAt: row.calibratedAt?.toISOString() ?? null,
    stats,
    flags: flagItem(stats),
  };
}
export type BankItemDto = ReturnType<typeof toBankItemDto>;

/**
 * The statistics last computed, per database, with the version of the answers they rest on:
 * every answer in the bank is read to compute them, so a list, a filter or a page of the view
 * recomputes them only when answers came in or the calibration ran since.
 */
const statisticsCache = new WeakMap<Db, { version: string; stats: Map<string, ItemStatistics> }>();

async function bankStatistics(db: Db, rows: BankItemRow[]) {
  const version = await readStatisticsVersion(db);
  const cached = statisticsCache.get(db);
  if (cached?.version === version) return cached.stats;
  const stats = await computeBankStatistics(db, rows);
  statisticsCache.set(db, { version, stats });
  return stats;
}

/** Statistics of every item answered so far, keyed by item id. */
async function computeBankStatistics(db: Db, rows: BankItemRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [responses, stored] = await Promise.all([listResponseRows(db), listStoredAbilities(db)]);
  const thetas = abilitiesFromRows(responses, byId, stored);
  return computeItemStatistics(
    responses,
    (id) => {
      const row = byId.get(id);
      return row && { level: row.level, correctAnswer: row.correctAnswer, optionCount: row.options.length };
    },
    thetas,
  );
}

const matches = (row: BankItemRow, text: string) =>
  [row.id, row.question, row.explanation, row.topic, ...row.options].some((t) => t.toLowerCase().includes(text));

export async function listBankItems(db: Db, input: z.output<typeof listBankItemsSchema>) {
  const rows = await listBankItemRows(db);
  const stats = await bankStatistics(db, rows);
  const all = rows.map((row) => toBankItemDto(row, stats.get(row.id)));
  const search = input.search?.toLowerCase();
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const filtered = all.filter(
    (item) =>
      (!input.level || item.level === input.level) &&
      (!input.concept || item.concept === input.concept) &&
      (input.status === "all" || item.status === input.status) &&
      // A retired item needs nothing more: "flagged" lists what is still in use or waiting,
      // unless retired items are asked for.
      (!input.flaggedOnly || (item.flags.length > 0 && (item.status !== "retired" || input.status === "retired"))) &&
      (!search || matches(rowById.get(item.id) as BankItemRow, search)),
  );
  return {
    items: filtered.slice(input.offset, input.offset + input.limit),
    total: filtered.length,
    counts: {
      all: all.length,
      live: all.filter((i) => i.status === "live").length,
      pending: all.filter((i) => i.status === "pending").length,
      retired: all.filter((i) => i.status === "retired").length,
      flagged: all.filter((i) => i.flags.length > 0 && i.status !== "retired").length,
    },
  };
}

async function requireLiveItem(db: Db, id: string) {
  const row = await findBankItemRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", BANK_ITEM_MESSAGES.notFound);
  if (statusOf(row) === "retired") throw new AppError("CONFLICT", BANK_ITEM_MESSAGES.retired);
  return row;
}

/** The item leaves every new test; results already given keep it. */
export async function retireBankItem(db: Db, id: string, now = new Date()) {
  await requireLiveItem(db, id);
  if (!(await retireBankItemRow(db, id, now))) throw new AppError("CONFLICT", BANK_ITEM_MESSAGES.retired);
  const row = await findBankItemRow(db, id);
  return { item: toBankItemDto(row as BankItemRow) };
}

/** `<id>-v<n>`: the next version's id, from the first version's id. */
export function nextVersionId(row: Pick<BankItemRow, "id" | "version">) {
  const base = row.version > 1 ? row.id.replace(/-v\d+$/, "") : row.id;
  return `${base}-v${row.version + 1}`;
}

/** A correction is a new version (reviewed: the teacher wrote it) and the old one is retired. */
export async function correctBankItem(db: Db, id: string, item: BankItemCorrection, now = new Date()) {
  const old = await requireLiveItem(db, id);
  // A question about a reading text keeps its reading concept, its text and its place there.
  const concept = item.concept && isConceptSlug(item.concept) ? item.concept : old.testletId ? old.concept : null;
  const created = await insertCorrection(
    db,
    old.id,
    {
      id: nextVersionId(old),
      question: item.question,
      options: item.options,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
      level: item.level,
      difficulty: levelDifficulty(item.level),
      concept,
      topic: old.topic,
      point: old.point,
      skill: old.skill,
      testletId: old.testletId,
      testletPosition: old.testletPosition,
      source: old.source,
      version: old.version + 1,
      replacesId: old.id,
    },
    now,
  );
  if (!created) throw new AppError("CONFLICT", BANK_ITEM_MESSAGES.retired);
  return { item: toBankItemDto(created) };
}

/** A pending AI item, read and found right by the teacher: reviewed from now on. */
export async function approveBankItem(db: Db, id: string) {
  const row = await findBankItemRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", BANK_ITEM_MESSAGES.notFound);
  if (!(await approveBankItemRow(db, id))) throw new AppError("CONFLICT", BANK_ITEM_MESSAGES.notPending);
  return { item: toBankItemDto((await findBankItemRow(db, id)) as BankItemRow) };
}
