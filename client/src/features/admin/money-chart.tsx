// The money view's chart (issue 30, item 7): invoiced and paid per month as bars side by side,
// what is owed at each month's end as a line. Inline SVG, no chart library (the admin bundle
// stays small); the month table below it is its text alternative, so the picture has a title only.
import { useId } from "react";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";

export type MoneyChartMonth = { month: string; invoiced: number; paid: number; owed: number | null };

const W = 720;
const H = 300;
// Wide enough for "1.500 €" at the axis' size; the labels are large because the picture shrinks
// to a phone's width (about 0.45 of its size at 360 px).
const PAD = { top: 16, right: 12, bottom: 44, left: 112 };
const innerW = W - PAD.left - PAD.right;
const innerH = H - PAD.top - PAD.bottom;

/** "2026-03" as "Mar" · "mar", read in UTC so no zone moves it into February. */
export const monthShort = (locale: Locale, month: string) =>
  formatDate(locale, `${month}-15T12:00:00Z`, { style: "monthShort", timeZone: "UTC" });
/** "2026-03" as "March 2026" · "marzo 2026". */
export const monthLong = (locale: Locale, month: string) =>
  formatDate(locale, `${month}-15T12:00:00Z`, { style: "monthYear", timeZone: "UTC" });

/** The smallest of 1, 2, 2.5 and 5 times a power of ten at or above `value`: the axis' top. */
function niceCeil(value: number) {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

export function MoneyChart({ months }: { months: readonly MoneyChartMonth[] }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const values = months.flatMap((m) => [m.invoiced, m.paid, m.owed ?? 0]);
  const top = niceCeil(Math.max(0, ...values)) || 100;
  // Refunds and credit notes can make a month negative: the axis then reaches below zero.
  const bottom = -niceCeil(-Math.min(0, ...values));
  const span = top - bottom;
  const y = (v: number) => PAD.top + ((top - v) / span) * innerH;
  const ticks = bottom < 0 ? [bottom, 0, top / 2, top] : [0, top / 2, top];
  const step = innerW / months.length;
  const barW = Math.min(22, step * 0.34);
  const center = (i: number) => PAD.left + i * step + step / 2;
  const owedPoints = months
    .map((m, i) => (m.owed === null ? null : `${center(i).toFixed(1)},${y(m.owed).toFixed(1)}`))
    .filter((p) => p !== null);
  // Every month named up to 12; beyond, every third. On a phone every other of those.
  const every = months.length <= 12 ? 1 : 3;
  const bar = (value: number, x: number, className: string) =>
    value === 0 ? null : (
      <rect
        x={x}
        y={Math.min(y(value), y(0))}
        width={barW}
        height={Math.max(1, Math.abs(y(value) - y(0)))}
        rx={3}
        className={className}
      />
    );

  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
        <title id={titleId}>{t("admin.money.chartTitle")}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200"
              strokeWidth={tick === 0 ? 2 : 1}
              strokeDasharray={tick === 0 ? undefined : "4 5"}
            />
            <text x={PAD.left - 10} y={y(tick) + 7} textAnchor="end" className="fill-slate-500 text-[20px]">
              {formatEuro(locale, tick)}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const labelled = i % every === (months.length - 1) % every;
          const phoneHidden = labelled && months.length <= 12 && (months.length - 1 - i) % 2 === 1;
          return (
            <g key={m.month}>
              {bar(m.invoiced, center(i) - barW - 1, "fill-sky-300")}
              {bar(m.paid, center(i) + 1, "fill-blue-800")}
              {labelled && (
                <text
                  x={center(i)}
                  y={H - 14}
                  textAnchor="middle"
                  className={`fill-slate-600 text-[20px] ${phoneHidden ? "hidden sm:inline" : ""}`}
                >
                  {monthShort(locale, m.month)}
                </text>
              )}
            </g>
          );
        })}
        {owedPoints.length > 1 && (
          <polyline
            points={owedPoints.join(" ")}
            fill="none"
            className="stroke-amber-500"
            strokeWidth={3}
            strokeLinejoin="round"
          />
        )}
        {months.map((m, i) =>
          m.owed === null ? null : (
            <circle
              key={m.month}
              cx={center(i)}
              cy={y(m.owed)}
              r={5}
              className="fill-white stroke-amber-500"
              strokeWidth={3}
            />
          ),
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span className="h-3 w-3 rounded-sm bg-sky-300" aria-hidden="true" />
          {t("admin.money.invoiced")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="h-3 w-3 rounded-sm bg-blue-800" aria-hidden="true" />
          {t("admin.money.paid")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="h-1 w-4 rounded-full bg-amber-500" aria-hidden="true" />
          {t("admin.money.owedLine")}
        </span>
      </figcaption>
    </figure>
  );
}
