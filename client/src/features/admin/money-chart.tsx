// The money view's chart (issue 30, item 7): invoiced and paid per month as bars side by side,
// what is owed at each month's end as a line. Inline SVG, no chart library (the admin bundle
// stays small); the month table below it is its text alternative, so the picture has a title only.
import { useId, useLayoutEffect, useRef, useState } from "react";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";

export type MoneyChartMonth = { month: string; invoiced: number; paid: number; owed: number | null };

const H = 240;
const PAD = { top: 12, right: 8, bottom: 30, left: 64 };
/** The room a month's name needs under the axis, in pixels. */
const LABEL_WIDTH = 40;

/** "2026-03" as "Mar" · "mar", read in UTC so no zone moves it into February. */
export const monthShort = (locale: Locale, month: string) =>
  formatDate(locale, `${month}-15T12:00:00Z`, { style: { month: "short" }, timeZone: "UTC" });
/** "2026-03" as "March 2026" · "marzo 2026". */
export const monthLong = (locale: Locale, month: string) =>
  formatDate(locale, `${month}-15T12:00:00Z`, { style: { month: "long", year: "numeric" }, timeZone: "UTC" });

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
  // Drawn at the width it is shown at, so its words keep their size from a phone to a desktop.
  const frame = useRef<HTMLDivElement>(null);
  const [W, setWidth] = useState(640);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const values = months.flatMap((m) => [m.invoiced, m.paid, m.owed ?? 0]);
  const top = niceCeil(Math.max(0, ...values)) || 100;
  // Refunds and credit notes can make a month negative: the axis then reaches below zero.
  const bottom = -niceCeil(-Math.min(0, ...values));
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * innerH;
  const ticks = bottom < 0 ? [bottom, 0, top / 2, top] : [0, top / 2, top];
  const step = innerW / months.length;
  const barW = Math.max(2, Math.min(18, step * 0.34));
  const center = (i: number) => PAD.left + i * step + step / 2;
  const owedPoints = months
    .map((m, i) => (m.owed === null ? null : `${center(i).toFixed(1)},${y(m.owed).toFixed(1)}`))
    .filter((p) => p !== null);
  // As many month names as fit, counted back from the last month.
  const every = Math.max(1, Math.ceil(LABEL_WIDTH / step));
  const bar = (value: number, x: number, className: string) =>
    value === 0 ? null : (
      <rect
        x={x}
        y={Math.min(y(value), y(0))}
        width={barW}
        height={Math.max(1, Math.abs(y(value) - y(0)))}
        rx={2}
        className={className}
      />
    );

  return (
    <figure>
      <div ref={frame}>
        <svg height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="block w-full">
          <title id={titleId}>{t("admin.money.chartTitle")}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200"
                strokeWidth={tick === 0 ? 1.5 : 1}
                strokeDasharray={tick === 0 ? undefined : "3 4"}
              />
              <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[12px]">
                {formatEuro(locale, tick)}
              </text>
            </g>
          ))}
          {months.map((m, i) => (
            <g key={m.month}>
              {bar(m.invoiced, center(i) - barW - 1, "fill-sky-300")}
              {bar(m.paid, center(i) + 1, "fill-blue-800")}
              {(months.length - 1 - i) % every === 0 && (
                <text x={center(i)} y={H - 10} textAnchor="middle" className="fill-slate-600 text-[12px]">
                  {monthShort(locale, m.month)}
                </text>
              )}
            </g>
          ))}
          {owedPoints.length > 1 && (
            <polyline
              points={owedPoints.join(" ")}
              fill="none"
              className="stroke-amber-500"
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
          )}
          {months.map((m, i) =>
            m.owed === null ? null : (
              <circle
                key={m.month}
                cx={center(i)}
                cy={y(m.owed)}
                r={3.5}
                className="fill-white stroke-amber-500"
                strokeWidth={2}
              />
            ),
          )}
        </svg>
      </div>
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
