// Two small inline SVG charts (no chart library): lessons per week as bars, quiz scores over
// time as a line. Each has a text alternative (a visually hidden table) for screen readers.
import { type ReactNode, useId } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";

/** A week's Monday ("2026-03-02") as "Mar 2" / "2 mar". */
const weekLabel = (locale: Locale, weekStart: string) =>
  new Intl.DateTimeFormat(INTL_TAGS[locale], { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${weekStart}T00:00:00Z`),
  );

const W = 560;
const H = 220;
const PAD = { top: 22, right: 14, bottom: 34, left: 52 };
const innerW = W - PAD.left - PAD.right;
const innerH = H - PAD.top - PAD.bottom;

/** Horizontal grid lines across the plot, labelled on the left: solid at zero, dashed above. */
function GridLines({
  ticks,
  y,
  labelGap,
  label,
}: {
  ticks: readonly number[];
  y: (value: number) => number;
  labelGap: number;
  label: (value: number) => ReactNode;
}) {
  return ticks.map((t) => (
    <g key={t}>
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={y(t)}
        y2={y(t)}
        className="stroke-slate-200"
        strokeDasharray={t ? "3 4" : undefined}
      />
      <text x={PAD.left - labelGap} y={y(t) + 4} textAnchor="end" className="fill-slate-400 text-[14px]">
        {label(t)}
      </text>
    </g>
  ));
}

export function WeeklyLessonsChart({ weeks }: { weeks: { weekStart: string; label: string; count: number }[] }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const max = Math.max(2, ...weeks.map((w) => w.count));
  const step = innerW / weeks.length;
  const barW = Math.min(30, step * 0.62);
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, i) => i) : [0, Math.round(max / 2), max];
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
        <title id={titleId}>{t("portal.charts.weeklyTitle", { count: weeks.length })}</title>
        <GridLines ticks={ticks} y={y} labelGap={8} label={(tick) => tick} />
        {weeks.map((w, i) => {
          const x = PAD.left + i * step + (step - barW) / 2;
          const h = (w.count / max) * innerH;
          const current = i === weeks.length - 1;
          return (
            <g key={w.weekStart}>
              {w.count > 0 && (
                <rect
                  x={x}
                  y={y(w.count)}
                  width={barW}
                  height={h}
                  rx={5}
                  className={current ? "fill-amber-400" : "fill-blue-800"}
                />
              )}
              {w.count > 0 && (
                <text
                  x={x + barW / 2}
                  y={y(w.count) - 5}
                  textAnchor="middle"
                  className="fill-slate-700 text-[15px] font-semibold"
                >
                  {w.count}
                </text>
              )}
              {(weeks.length <= 6 || (weeks.length - 1 - i) % 3 === 0) && (
                <text x={x + barW / 2} y={H - 10} textAnchor="middle" className="fill-slate-500 text-[14px]">
                  {weekLabel(locale, w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{t("portal.charts.weeklyCaption")}</caption>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{t("portal.charts.weekOf", { week: weekLabel(locale, w.weekStart) })}</th>
              <td>{w.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function QuizScoresChart({ scores }: { scores: { date: string; accuracy: number; label: string | null }[] }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const points = scores.slice(-20);
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  const x = (i: number) => PAD.left + (points.length > 1 ? i * step : innerW / 2);
  const y = (accuracy: number) => PAD.top + innerH - accuracy * innerH;
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.accuracy).toFixed(1)}`).join(" ");
  const area = points.length > 1 ? `${path} L${x(points.length - 1)},${y(0)} L${x(0)},${y(0)} Z` : "";
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
        <title id={titleId}>{t("portal.charts.scoresTitle")}</title>
        <GridLines
          ticks={[0, 0.5, 1]}
          y={y}
          labelGap={6}
          label={(tick) => t("portal.charts.percent", { percent: tick * 100 })}
        />
        {area && <path d={area} className="fill-emerald-500/10" />}
        {points.length > 1 && (
          <path d={path} fill="none" className="stroke-emerald-600" strokeWidth={2.5} strokeLinejoin="round" />
        )}
        {points.map((p, i) => (
          <circle
            key={p.date}
            cx={x(i)}
            cy={y(p.accuracy)}
            r={4.5}
            className="fill-white stroke-emerald-600"
            strokeWidth={2.5}
          />
        ))}
        {points.length > 0 && (
          <>
            <text
              x={x(0)}
              y={H - 10}
              textAnchor={points.length > 1 ? "start" : "middle"}
              className="fill-slate-500 text-[14px]"
            >
              {formatDate(locale, points[0].date, { style: "medium" })}
            </text>
            {points.length > 1 && (
              <text x={x(points.length - 1)} y={H - 10} textAnchor="end" className="fill-slate-500 text-[14px]">
                {formatDate(locale, points[points.length - 1].date, { style: "medium" })}
              </text>
            )}
          </>
        )}
      </svg>
      <table className="sr-only">
        <caption>{t("portal.charts.scoresCaption")}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatDate(locale, p.date)}</th>
              <td>{t("portal.charts.percent", { percent: Math.round(p.accuracy * 100) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
