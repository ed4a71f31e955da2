// Money (issue 30, item 7): month by month, the lessons taught, what was invoiced and paid, what
// was owed and how many sold lessons were still to teach at each month's end; the period's totals
// above, the chart, then the table (cards on a phone). Definitions: docs/getting-paid.md.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { Card } from "../../components/ui/card.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { useLoadFailure } from "./admin-api.ts";
import { MoneyChart, monthLong } from "./money-chart.tsx";

type MoneyMonth = RouterOutputs["admin"]["money"]["months"][number];
/** The years offered besides the last twelve months: this one and the four before. */
const YEARS_BACK = 5;

export function MoneyPanel() {
  const t = useT();
  const locale = useLocale();
  const thisYear = new Date().getFullYear();
  const [period, setPeriod] = useState("");
  const money = useQuery({
    ...trpc.admin.money.queryOptions(period ? { year: Number(period) } : {}),
    placeholderData: keepPreviousData,
  });
  useLoadFailure(money.error, t("admin.money.loadFailed"));

  const euro = (value: number | null) => (value === null ? "–" : formatEuro(locale, value));
  const count = (value: number | null) => (value === null ? "–" : String(value));
  const columns: Column<MoneyMonth>[] = [
    {
      key: "month",
      header: t("admin.money.month"),
      cell: (m) => monthLong(locale, m.month),
      cellClassName: "font-medium text-slate-900 whitespace-nowrap",
    },
    {
      key: "taught",
      header: t("admin.money.lessonsTaught"),
      cell: (m) => count(m.lessonsTaught),
      headerClassName: "text-right",
      cellClassName: "text-right tabular-nums",
    },
    {
      key: "invoiced",
      header: t("admin.money.invoiced"),
      cell: (m) => euro(m.invoiced),
      headerClassName: "text-right",
      cellClassName: "text-right tabular-nums whitespace-nowrap",
    },
    {
      key: "paid",
      header: t("admin.money.paid"),
      cell: (m) => euro(m.paid),
      headerClassName: "text-right",
      cellClassName: "text-right tabular-nums whitespace-nowrap",
    },
    {
      key: "owed",
      header: t("admin.money.owed"),
      cell: (m) => euro(m.owed),
      headerClassName: "text-right",
      cellClassName: "text-right tabular-nums whitespace-nowrap",
    },
    {
      key: "credits",
      header: t("admin.money.creditsOutstanding"),
      cell: (m) => count(m.creditsOutstanding),
      headerClassName: "text-right",
      cellClassName: "text-right tabular-nums",
    },
  ];
  const card = (m: MoneyMonth) => (
    <article aria-label={monthLong(locale, m.month)}>
      <h3 className="font-semibold text-slate-900">{monthLong(locale, m.month)}</h3>
      <dl className="mt-1.5 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm">
        {columns.slice(1).map((column) => (
          <div key={column.key} className="contents">
            <dt className="text-slate-600">{column.header}</dt>
            <dd className="text-right font-medium text-slate-900 tabular-nums">{column.cell(m)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );

  const periodField = (
    <SelectField
      label={t("admin.money.period")}
      value={period}
      onChange={(e) => setPeriod(e.target.value)}
      className="sm:w-56"
      options={[
        { value: "", label: t("admin.money.last12") },
        ...Array.from({ length: YEARS_BACK }, (_, i) => ({ value: String(thisYear - i), label: String(thisYear - i) })),
      ]}
    />
  );

  if (money.isPending) {
    return (
      <div className="grid gap-4">
        {periodField}
        <Spinner label={t("admin.money.loading")} />
      </div>
    );
  }
  const data = money.data;
  if (!data) return periodField;
  const read = data.months.filter((m) => m.owed !== null).at(-1);
  const readAt = read
    ? read.month === data.currentMonth
      ? t("admin.money.today")
      : t("admin.money.atEndOf", { month: monthLong(locale, read.month) })
    : undefined;

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {periodField}
        <p className="text-sm text-slate-600">
          {t("admin.money.range", { from: monthLong(locale, data.from), to: monthLong(locale, data.to) })}
        </p>
      </div>

      <section aria-label={t("admin.money.totals")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard label={t("admin.money.lessonsTaught")} value={data.totals.lessonsTaught} />
        <StatCard label={t("admin.money.invoiced")} value={euro(data.totals.invoiced)} />
        <StatCard label={t("admin.money.paid")} value={euro(data.totals.paid)} />
        <StatCard label={t("admin.money.owed")} value={euro(data.totals.owed)} hint={readAt} />
        <div className="col-span-2 grid lg:col-span-1">
          <StatCard
            label={t("admin.money.creditsOutstanding")}
            value={count(data.totals.creditsOutstanding)}
            hint={readAt}
          />
        </div>
      </section>

      <Card className="p-4 sm:p-6">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t("admin.money.chartHeading")}</h2>
        <MoneyChart months={data.months} />
      </Card>

      <section aria-labelledby="money-months" className="grid gap-3">
        <h2 id="money-months" className="text-lg font-semibold text-slate-900">
          {t("admin.money.tableHeading")}
        </h2>
        <DataTable rows={data.months} rowKey={(m) => m.month} columns={columns} card={card} />
        <p className="text-sm text-slate-600">{t("admin.money.definitions")}</p>
      </section>
    </div>
  );
}
