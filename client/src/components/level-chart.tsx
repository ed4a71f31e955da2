// A learner's level over months on one scale (issue 31, item 4): the six CEFR bands as horizontal
// stripes on the placement engine's logit scale, each measurement a point with its uncertainty as a
// vertical line, coloured by how it was measured. Inline SVG (no chart library), with a table for
// screen readers. Shown in the portal's My Progress and in the teacher's learner profile; its words
// (the "levels" area) arrive with it.
import { useCallback, useId, useState } from "react";
import { formatDate } from "../../../shared/i18n/format.ts";
import { useLocale, useT } from "../lib/i18n.tsx";
import { useMessageAreas } from "../lib/lazy-messages.ts";

export type LevelPointView = {
  date: string;
  source: "placement" | "level_test" | "concept_test" | "teacher";
  level: string;
  ability: number;
  precision: number;
  label: string;
};

const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
/** The placement scale: level centres 1.5 logits apart, A1 at −3.75 (docs/placement.md). */
const SPACING = 1.5;
const BOTTOM = -3.75 - SPACING / 2;
const TOP = 3.75 + SPACING / 2;

/** Drawn at the width it is shown (its words stay at their size on a phone), at least this wide. */
const MIN_W = 280;
const H = 250;
const PAD = { top: 12, right: 16, bottom: 30, left: 40 };
const innerH = H - PAD.top - PAD.bottom;
/** A point beyond A1 or C2 is drawn just inside the band, not on its edge. */
const INSET = 0.2;

const SOURCE_STYLE: Record<LevelPointView["source"], { dot: string; swatch: string }> = {
  placement: { dot: "fill-blue-700 stroke-blue-700", swatch: "bg-blue-700" },
  level_test: { dot: "fill-emerald-600 stroke-emerald-600", swatch: "bg-emerald-600" },
  concept_test: { dot: "fill-teal-500 stroke-teal-500", swatch: "bg-teal-500" },
  teacher: { dot: "fill-amber-500 stroke-amber-500", swatch: "bg-amber-500" },
};

const clamp = (v: number) => Math.min(TOP, Math.max(BOTTOM, v));
const clampInside = (v: number) => Math.min(TOP - INSET, Math.max(BOTTOM + INSET, v));

/** The width the chart is shown at, followed as the page resizes (a ref callback: measured when drawn). */
function useWidth() {
  const [width, setWidth] = useState(560);
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const measure = () => setWidth(Math.max(MIN_W, Math.round(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export default function LevelChart({ points }: { points: readonly LevelPointView[] }) {
  useMessageAreas(["levels"]);
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const { ref, width: W } = useWidth();
  const innerW = W - PAD.left - PAD.right;
  if (points.length === 0) return <p className="text-sm text-slate-600">{t("levels.empty")}</p>;

  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const times = sorted.map((p) => new Date(p.date).getTime());
  const first = times[0];
  const span = Math.max(1, times[times.length - 1] - first);
  const x = (time: number) => PAD.left + (sorted.length > 1 ? ((time - first) / span) * innerW : innerW / 2);
  const y = (ability: number) => PAD.top + ((TOP - clamp(ability)) / (TOP - BOTTOM)) * innerH;
  const path = sorted
    .map((p, i) => `${i ? "L" : "M"}${x(times[i]).toFixed(1)},${y(clampInside(p.ability)).toFixed(1)}`)
    .join(" ");
  const sources = sourcesIn(sorted);
  const latest = sorted[sorted.length - 1];

  return (
    <figure className="space-y-2">
      <div ref={ref} className="w-full max-w-3xl">
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby={titleId} className="block">
          <title id={titleId}>{t("levels.chartTitle")}</title>
          {LEVELS.map((level, i) => {
            const bandTop = y(BOTTOM + (i + 1) * SPACING);
            const bandBottom = y(BOTTOM + i * SPACING);
            return (
              <g key={level}>
                <rect
                  x={PAD.left}
                  y={bandTop}
                  width={innerW}
                  height={bandBottom - bandTop}
                  className={i % 2 ? "fill-slate-50" : "fill-slate-100"}
                />
                <text
                  x={PAD.left - 8}
                  y={(bandTop + bandBottom) / 2 + 5}
                  textAnchor="end"
                  className="fill-slate-500 text-[14px] font-semibold"
                >
                  {level}
                </text>
              </g>
            );
          })}
          {sorted.length > 1 && <path d={path} fill="none" className="stroke-slate-400" strokeWidth={1.5} />}
          {sorted.map((p, i) => {
            const cx = x(times[i]);
            const style = SOURCE_STYLE[p.source];
            return (
              <g key={`${p.date}-${p.source}-${p.label}`} className={style.dot}>
                <line x1={cx} x2={cx} y1={y(p.ability + p.precision)} y2={y(p.ability - p.precision)} strokeWidth={2} />
                <circle cx={cx} cy={y(clampInside(p.ability))} r={5} className="stroke-white" strokeWidth={1.5} />
              </g>
            );
          })}
          <text
            x={sorted.length > 1 ? PAD.left : x(times[0])}
            y={H - 8}
            textAnchor={sorted.length > 1 ? "start" : "middle"}
            className="fill-slate-500 text-[14px]"
          >
            {formatDate(locale, sorted[0].date, { style: "medium" })}
          </text>
          {sorted.length > 1 && (
            <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-slate-500 text-[14px]">
              {formatDate(locale, latest.date, { style: "medium" })}
            </text>
          )}
        </svg>
      </div>
      <figcaption className="space-y-1 text-sm text-slate-600">
        <p className="font-medium text-slate-800">
          {t("levels.latest", { level: latest.level, date: formatDate(locale, latest.date, { style: "medium" }) })}
        </p>
        <ul aria-label={t("levels.legend")} className="flex flex-wrap gap-x-4 gap-y-1">
          {sources.map((source) => (
            <li key={source} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-full ${SOURCE_STYLE[source].swatch}`}
              />
              {t("levels.source", { source })}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">{t("levels.bandsNote")}</p>
      </figcaption>
      <table className="sr-only">
        <caption>{t("levels.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("levels.date")}</th>
            <th scope="col">{t("levels.level")}</th>
            <th scope="col">{t("levels.measuredBy")}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((p) => (
            <tr key={`${p.date}-${p.source}-${p.label}`}>
              <th scope="row">{formatDate(locale, p.date)}</th>
              <td>{t("levels.reading", { level: p.level, precision: p.precision })}</td>
              <td>
                {t("levels.source", { source: p.source })}: {p.label}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The sources present, in a fixed order, for the legend. */
function sourcesIn(points: readonly LevelPointView[]) {
  const present = new Set(points.map((p) => p.source));
  return (Object.keys(SOURCE_STYLE) as LevelPointView["source"][]).filter((s) => present.has(s));
}
