// Money the teacher can see (issue 30, item 7): per month, the lessons taught, what was invoiced,
// what was paid, what was owed and how many sold lessons were still to teach at the month's end.
// The definitions are docs/getting-paid.md's "Money view"; the queries are money-view.data.ts's,
// grouped in the database, except the ledger balances, whose expiry is derived when read
// (credits.ts) and so is replayed here as at each month's end.
import { DateTime } from "luxon";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { replayLedger, type StoredCreditEntry } from "../credits/credits.ts";
import {
  countLessonsAhead,
  countLessonsTaught,
  listCreditEntriesBefore,
  type MonthCount,
  type MonthSpan,
  sumInvoicedCents,
  sumOwedCents,
  sumPaidCents,
} from "./money-view.data.ts";
import { MONEY_MAX_MONTHS, MONEY_RANGE_MESSAGE, type MoneyRangeInput } from "./money-view.schemas.ts";

export type MoneyMonth = {
  /** `2026-03` */
  month: string;
  lessonsTaught: number;
  /** Euros. */
  invoiced: number;
  paid: number;
  /** At the month's end (now, in the current month); null for a month that has not begun. */
  owed: number | null;
  creditsOutstanding: number | null;
};

/** The months asked for: a year, a span, or the twelve up to the current one in `zone`. */
export function resolveMonths(input: MoneyRangeInput, zone: string, now: Date) {
  const current = DateTime.fromJSDate(now, { zone }).startOf("month");
  const monthOf = (text: string) => DateTime.fromFormat(text, "yyyy-MM", { zone: "utc" });
  let first: DateTime;
  let last: DateTime;
  if (input.year !== undefined && !input.from && !input.to) {
    first = DateTime.utc(input.year, 1, 1);
    last = DateTime.utc(input.year, 12, 1);
  } else {
    last = input.to ? monthOf(input.to) : DateTime.utc(current.year, current.month, 1);
    first = input.from ? monthOf(input.from) : last.minus({ months: 11 });
  }
  const count = Math.round(last.diff(first, "months").months) + 1;
  if (count < 1 || count > MONEY_MAX_MONTHS) throw new AppError("BAD_REQUEST", MONEY_RANGE_MESSAGE);
  return Array.from({ length: count }, (_, i) => first.plus({ months: i }).toFormat("yyyy-MM"));
}

/** The month's end in `zone`, or `now` when that is sooner; null before the month began. */
function readingInstant(month: string, zone: string, now: Date): Date | null {
  const start = DateTime.fromFormat(month, "yyyy-MM", { zone });
  if (start.toMillis() > now.getTime()) return null;
  return new Date(Math.min(start.plus({ months: 1 }).toMillis(), now.getTime()));
}

/** Lessons left on every ledger at `at`, expiries included: the sum of the balances. */
function ledgerBalanceAt(byStudent: Map<string, StoredCreditEntry[]>, at: Date) {
  let total = 0;
  for (const entries of byStudent.values()) {
    const before = entries.filter((e) => e.createdAt.getTime() < at.getTime());
    if (before.length > 0) total += replayLedger(before, at).balance;
  }
  return total;
}

export async function getMoneyView(db: Db, input: MoneyRangeInput, now = new Date()) {
  const { zone } = await loadSiteRules(db);
  const months = resolveMonths(input, zone, now);
  const span: MonthSpan = { from: `${months[0]}-01`, to: `${months.at(-1)}-01`, zone, now };
  const readAt = new Map(months.map((m) => [m, readingInstant(m, zone, now)]));
  const latest = [...readAt.values()].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

  const [taught, invoiced, paid, owed, ahead, entries] = await Promise.all([
    countLessonsTaught(db, span),
    sumInvoicedCents(db, span),
    sumPaidCents(db, span),
    sumOwedCents(db, span),
    countLessonsAhead(db, span),
    latest ? listCreditEntriesBefore(db, latest) : Promise.resolve([]),
  ]);
  const byStudent = new Map<string, StoredCreditEntry[]>();
  for (const { studentId, ...entry } of entries) {
    const list = byStudent.get(studentId) ?? [];
    list.push(entry);
    byStudent.set(studentId, list);
  }
  const byMonth = (rows: MonthCount[]) => {
    const map = new Map(rows.map((r) => [r.month, r.value]));
    return (month: string) => map.get(month) ?? 0;
  };
  const [taughtIn, invoicedIn, paidIn, owedAt, aheadAt] = [taught, invoiced, paid, owed, ahead].map(byMonth);

  const rows: MoneyMonth[] = months.map((month) => {
    const at = readAt.get(month) ?? null;
    return {
      month,
      lessonsTaught: taughtIn(month),
      invoiced: centsToEuro(invoicedIn(month)),
      paid: centsToEuro(paidIn(month)),
      owed: at ? centsToEuro(owedAt(month)) : null,
      creditsOutstanding: at ? aheadAt(month) + ledgerBalanceAt(byStudent, at) : null,
    };
  });
  const sumCents = (rows: MonthCount[]) => centsToEuro(rows.reduce((total, r) => total + r.value, 0));
  // Owed and lessons outstanding are stocks: their total is the latest month's reading, not a sum.
  const lastRead = rows.filter((m) => m.owed !== null).at(-1);
  return {
    from: months[0] as string,
    to: months.at(-1) as string,
    zone,
    /** This month in the teacher's zone: its figures are read as at now. */
    currentMonth: DateTime.fromJSDate(now, { zone }).toFormat("yyyy-MM"),
    months: rows,
    totals: {
      lessonsTaught: taught.reduce((total, r) => total + r.value, 0),
      invoiced: sumCents(invoiced),
      paid: sumCents(paid),
      owed: lastRead?.owed ?? null,
      creditsOutstanding: lastRead?.creditsOutstanding ?? null,
    },
  };
}
export type MoneyView = Awaited<ReturnType<typeof getMoneyView>>;
