// The termly report as an A4 PDF (issue 31, item 5), in the family's language: the learner, the
// guardian, the range and the teacher at the top; the lessons taken and missed; the homework set
// and done; the level chart drawn as vector graphics on the CEFR bands; the skill tags' latest
// levels; and the teacher's comment. Pure: a `TermlyReport` in, the bytes out.
//
// Drawn like the billing documents, with what server/pdf.ts shares (decision 0015): pdfkit with
// the standard Helvetica (nothing embedded, WinAnsi text through `toWinAnsi`), loaded at the
// first PDF. Every word comes from the `documents.termly.*` keys; dates from shared/i18n/format.ts.
import { formatDate } from "../../../shared/i18n/format.ts";
import { INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { Translate } from "../../../shared/i18n/messages.ts";
import { QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";
import { translator } from "../../i18n.ts";
import {
  ACCENT,
  a4Page,
  BOLD,
  type Doc,
  drawPageFooters,
  drawRule,
  FONT,
  INK,
  ITALIC,
  MUTED,
  RULE,
  renderA4Pdf,
  SHADE,
  toWinAnsi,
  writeText,
} from "../../pdf.ts";
import type { LevelPoint } from "../portal/level-progress.ts";
import { LABEL_DIFFICULTY, LEVEL_SPACING } from "../quiz/placement/irt.ts";
import { latestLevel, type TermlySummary } from "./termly-report.ts";

const PAGE = a4Page(18);
const MARGIN = PAGE.margin;
const CONTENT_WIDTH = PAGE.contentWidth;
const BOTTOM = PAGE.bottom;

const GOOD = "#15803d";
const BAD = "#b91c1c";
/** The chart's bands, A1 (bottom) to C2 (top): light tints of one blue. */
const BANDS = ["#f8fafc", "#eef2f7", "#f8fafc", "#eef2f7", "#f8fafc", "#eef2f7"];
const SOURCE_COLOURS: Record<LevelPoint["source"], string> = {
  placement: "#7c3aed",
  level_test: "#0f766e",
  concept_test: "#c2410c",
  teacher: ACCENT,
};

export type TermlyReport = {
  locale: Locale;
  /** The teacher's zone: the lessons' days are hers. */
  zone: string;
  siteName: string;
  teacherName: string | null;
  learnerName: string;
  /** The guardian's name, when the learner is a family's child rather than the account holder. */
  guardianName: string | null;
  /** Calendar days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The range as instants in her zone: from's midnight, and the midnight after `to`. */
  start: Date;
  end: Date;
  summary: TermlySummary;
  /** The chart's points: the last before the range and those in it, oldest first. */
  points: LevelPoint[];
  comment: string | null;
};

const dayOf = (r: TermlyReport, date: string) =>
  formatDate(r.locale, `${date}T12:00:00Z`, {
    style: { year: "numeric", month: "long", day: "numeric" },
    timeZone: "UTC",
  });
const lessonDay = (r: TermlyReport, at: Date | string) =>
  formatDate(r.locale, at, {
    style: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
    timeZone: r.zone,
  });
const shortDay = (r: TermlyReport, at: Date | string) =>
  formatDate(r.locale, at, { style: { day: "numeric", month: "short" }, timeZone: r.zone });

/** The report's file name: the learner's name and the range, in ASCII. */
export function termlyReportFileName(learnerName: string, from: string, to: string) {
  const slug =
    toWinAnsi(learnerName)
      .normalize("NFD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "learner";
  return `report-${slug}-${from}-${to}.pdf`;
}

function measure(pdf: Doc, text: string, width: number, font = FONT, size = 9.5) {
  return pdf.font(font).fontSize(size).heightOfString(toWinAnsi(text), { width, lineGap: 1.5 });
}

const rule = (pdf: Doc, y: number, color = RULE, x = MARGIN, width = CONTENT_WIDTH) =>
  drawRule(pdf, y, x, width, color);

/** Starts a new page when `height` does not fit below the current line. */
function room(pdf: Doc, height: number) {
  if (pdf.y + height > BOTTOM) {
    pdf.addPage();
    pdf.y = MARGIN;
  }
}

function sectionTitle(pdf: Doc, text: string, keepWith = 40) {
  room(pdf, 24 + keepWith);
  const y = writeText(pdf, text.toUpperCase(), MARGIN, pdf.y, CONTENT_WIDTH, {
    font: BOLD,
    size: 8.5,
    color: ACCENT,
    gap: 3,
  });
  rule(pdf, y, ACCENT);
  pdf.y = y + 7;
}

function drawHeader(pdf: Doc, r: TermlyReport, t: Translate) {
  const leftWidth = CONTENT_WIDTH * 0.55;
  const rightWidth = CONTENT_WIDTH * 0.43;
  const rightX = MARGIN + CONTENT_WIDTH - rightWidth;
  let left = writeText(pdf, r.siteName, MARGIN, MARGIN, leftWidth, { font: BOLD, size: 13, gap: 3 });
  left = writeText(
    pdf,
    t("documents.termly.teacher", { name: r.teacherName ?? t("email.yourTeacher") }),
    MARGIN,
    left,
    leftWidth,
    {
      size: 9,
      color: MUTED,
    },
  );
  let right = writeText(pdf, t("documents.termly.title"), rightX, MARGIN, rightWidth, {
    font: BOLD,
    size: 16,
    color: ACCENT,
    align: "right",
    gap: 4,
  });
  right = writeText(
    pdf,
    t("documents.termly.period", { from: dayOf(r, r.from), to: dayOf(r, r.to) }),
    rightX,
    right,
    rightWidth,
    {
      size: 9.5,
      align: "right",
    },
  );
  const y = Math.max(left, right) + 12;
  rule(pdf, y, ACCENT);
  pdf.y = y + 14;

  // Who: the learner and, for a child, the guardian.
  const top = pdf.y;
  const half = CONTENT_WIDTH / 2 - 8;
  let l = writeText(pdf, t("documents.termly.learner").toUpperCase(), MARGIN, top, half, {
    font: BOLD,
    size: 7.5,
    color: MUTED,
    gap: 3,
  });
  l = writeText(pdf, r.learnerName, MARGIN, l, half, { font: BOLD, size: 14 });
  let g = top;
  if (r.guardianName) {
    const x = MARGIN + CONTENT_WIDTH / 2 + 8;
    g = writeText(pdf, t("documents.termly.guardian").toUpperCase(), x, top, half, {
      font: BOLD,
      size: 7.5,
      color: MUTED,
      gap: 3,
    });
    g = writeText(pdf, r.guardianName, x, g, half, { size: 11 });
  }
  pdf.y = Math.max(l, g) + 14;
}

/** Three figures in shaded boxes: lessons taken, missed, homework done of set. */
function drawFigures(pdf: Doc, r: TermlyReport, t: Translate) {
  const s = r.summary;
  const done = s.homework.filter((h) => h.done).length;
  const figures = [
    { value: String(s.taken.length), label: t("documents.termly.figure.taken", { count: s.taken.length }) },
    { value: String(s.missed.length), label: t("documents.termly.figure.missed", { count: s.missed.length }) },
    {
      value: s.homework.length === 0 ? "-" : `${done}/${s.homework.length}`,
      label: t("documents.termly.figure.homework", { count: s.homework.length }),
    },
  ];
  const gap = 10;
  const width = (CONTENT_WIDTH - 2 * gap) / 3;
  const height = 48;
  room(pdf, height + 10);
  const y = pdf.y;
  figures.forEach((f, i) => {
    const x = MARGIN + i * (width + gap);
    pdf.save().roundedRect(x, y, width, height, 4).fill(SHADE).restore();
    writeText(pdf, f.value, x + 10, y + 8, width - 20, { font: BOLD, size: 17, color: ACCENT });
    writeText(pdf, f.label, x + 10, y + 30, width - 20, { size: 8.5, color: MUTED });
  });
  pdf.y = y + height + 18;
}

function drawLessons(pdf: Doc, r: TermlyReport, t: Translate) {
  sectionTitle(pdf, t("documents.termly.lessons"));
  const rows = [
    ...r.summary.taken.map((at) => ({ at, status: t("documents.termly.attended"), colour: GOOD })),
    ...r.summary.missed.map((m) => ({
      at: m.at,
      status: t("documents.termly.missedReason", { reason: m.reason }),
      colour: BAD,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (rows.length === 0) {
    pdf.y = writeText(pdf, t("documents.termly.noLessons"), MARGIN, pdf.y, CONTENT_WIDTH, { color: MUTED, gap: 14 });
    return;
  }
  // Two columns, filled top to bottom, a page at a time.
  const columnGap = 18;
  const column = (CONTENT_WIDTH - columnGap) / 2;
  const rowHeight = 15;
  let index = 0;
  while (index < rows.length) {
    room(pdf, rowHeight * 2);
    const perColumn = Math.min(Math.ceil((rows.length - index) / 2), Math.floor((BOTTOM - pdf.y) / rowHeight));
    const top = pdf.y;
    for (let c = 0; c < 2 && index < rows.length; c++) {
      const x = MARGIN + c * (column + columnGap);
      for (let i = 0; i < perColumn && index < rows.length; i++, index++) {
        const row = rows[index];
        const y = top + i * rowHeight;
        writeText(pdf, lessonDay(r, row.at), x, y + 2, column * 0.55, { size: 9 });
        writeText(pdf, row.status, x + column * 0.55, y + 2, column * 0.45, {
          size: 9,
          color: row.colour,
          align: "right",
        });
        rule(pdf, y + rowHeight - 1, SHADE, x, column);
      }
    }
    pdf.y = top + perColumn * rowHeight;
  }
  pdf.y += 14;
}

function drawHomework(pdf: Doc, r: TermlyReport, t: Translate) {
  sectionTitle(pdf, t("documents.termly.homework"));
  const list = r.summary.homework;
  if (list.length === 0) {
    pdf.y = writeText(pdf, t("documents.termly.noHomework"), MARGIN, pdf.y, CONTENT_WIDTH, { color: MUTED, gap: 14 });
    return;
  }
  const dateWidth = 60;
  const statusWidth = 78;
  const textWidth = CONTENT_WIDTH - dateWidth - statusWidth - 12;
  for (const h of list) {
    const text = h.text.length > 400 ? `${h.text.slice(0, 399)}…` : h.text;
    const height = Math.max(15, measure(pdf, text, textWidth, FONT, 9) + 6);
    room(pdf, height);
    const y = pdf.y;
    writeText(pdf, shortDay(r, h.at), MARGIN, y + 2, dateWidth, { size: 9, color: MUTED });
    writeText(pdf, text, MARGIN + dateWidth + 6, y + 2, textWidth, { size: 9 });
    writeText(
      pdf,
      t(h.done ? "documents.termly.done" : "documents.termly.notDone"),
      MARGIN + CONTENT_WIDTH - statusWidth,
      y + 2,
      statusWidth,
      {
        size: 9,
        font: BOLD,
        color: h.done ? GOOD : MUTED,
        align: "right",
      },
    );
    pdf.y = y + height;
    rule(pdf, pdf.y - 1, SHADE);
  }
  pdf.y += 14;
}

/**
 * The level chart: one band per CEFR level, A1 at the bottom; time across the range (a point from
 * before it sits on the left edge); each measurement a dot in its source's colour with a line of
 * its uncertainty, and a line through each day's average.
 */
function drawChart(pdf: Doc, r: TermlyReport, t: Translate) {
  sectionTitle(pdf, t("documents.termly.levels"), 190);
  if (r.points.length === 0) {
    pdf.y = writeText(pdf, t("documents.termly.noMeasurement"), MARGIN, pdf.y, CONTENT_WIDTH, {
      color: MUTED,
      gap: 14,
    });
    return;
  }
  const gutter = 26;
  const x0 = MARGIN + gutter;
  const width = CONTENT_WIDTH - gutter - 4;
  const height = 150;
  const y0 = pdf.y + 4;
  const low = LABEL_DIFFICULTY.A1 - LEVEL_SPACING / 2;
  const high = LABEL_DIFFICULTY.C2 + LEVEL_SPACING / 2;
  const yOf = (ability: number) =>
    y0 + height - ((Math.min(high, Math.max(low, ability)) - low) / (high - low)) * height;
  const span = r.end.getTime() - r.start.getTime();
  const xOf = (date: string) => {
    const at = Math.min(r.end.getTime(), Math.max(r.start.getTime(), new Date(date).getTime()));
    return x0 + 6 + ((at - r.start.getTime()) / span) * (width - 12);
  };

  // The bands and their labels.
  QUIZ_LEVELS.forEach((level, i) => {
    const top = yOf(LABEL_DIFFICULTY[level] + LEVEL_SPACING / 2);
    const bottom = yOf(LABEL_DIFFICULTY[level] - LEVEL_SPACING / 2);
    pdf
      .save()
      .rect(x0, top, width, bottom - top)
      .fill(BANDS[i])
      .restore();
    writeText(pdf, level, MARGIN, top + (bottom - top) / 2 - 5, gutter - 6, {
      font: BOLD,
      size: 8.5,
      color: MUTED,
      align: "right",
    });
    if (i > 0) rule(pdf, bottom, RULE, x0, width);
  });
  pdf.save().rect(x0, y0, width, height).lineWidth(0.6).strokeColor(RULE).stroke().restore();

  // The line through each day's average.
  const byDay = new Map<string, number[]>();
  for (const p of r.points) {
    const key = String(Math.round(xOf(p.date)));
    byDay.set(key, [...(byDay.get(key) ?? []), p.ability]);
  }
  const path = [...byDay.entries()].map(([x, abilities]) => ({
    x: Number(x),
    y: yOf(abilities.reduce((sum, a) => sum + a, 0) / abilities.length),
  }));
  if (path.length > 1) {
    pdf.save().moveTo(path[0].x, path[0].y);
    for (const point of path.slice(1)) pdf.lineTo(point.x, point.y);
    pdf.lineWidth(1.2).strokeColor(ACCENT).strokeOpacity(0.55).stroke().restore();
  }
  // Each measurement: its uncertainty, then its dot.
  for (const p of r.points) {
    const x = xOf(p.date);
    const colour = SOURCE_COLOURS[p.source];
    pdf
      .save()
      .moveTo(x, yOf(p.ability - p.precision))
      .lineTo(x, yOf(p.ability + p.precision))
      .lineWidth(0.8)
      .strokeColor(colour)
      .strokeOpacity(0.5)
      .stroke()
      .restore();
    pdf.save().circle(x, yOf(p.ability), 3.2).fillColor(colour).fill().restore();
  }
  // The range's first and last day below the chart.
  const below = y0 + height + 4;
  writeText(pdf, shortDay(r, r.start), x0, below, width / 2, { size: 8, color: MUTED });
  writeText(pdf, shortDay(r, new Date(r.end.getTime() - 1)), x0 + width / 2, below, width / 2, {
    size: 8,
    color: MUTED,
    align: "right",
  });
  let y = below + 14;
  // The legend: the sources that appear.
  const sources = [...new Set(r.points.map((p) => p.source))];
  let x = x0;
  for (const source of sources) {
    const label = t("documents.termly.source", { source });
    const labelWidth = pdf.font(FONT).fontSize(8).widthOfString(toWinAnsi(label));
    if (x + labelWidth + 16 > x0 + width) {
      x = x0;
      y += 12;
    }
    pdf
      .save()
      .circle(x + 3, y + 4, 3)
      .fillColor(SOURCE_COLOURS[source])
      .fill()
      .restore();
    writeText(pdf, label, x + 10, y, labelWidth + 4, { size: 8, color: MUTED });
    x += labelWidth + 24;
  }
  y += 14;
  const latest = latestLevel(r.points, r.zone);
  if (latest) {
    y = writeText(
      pdf,
      t("documents.termly.latest", { level: latest.level, date: lessonDay(r, latest.date) }),
      x0,
      y,
      width,
      {
        font: BOLD,
        size: 9,
      },
    );
  }
  pdf.y = y + 14;
}

function drawSkills(pdf: Doc, r: TermlyReport, t: Translate) {
  sectionTitle(pdf, t("documents.termly.skills"));
  const skills = r.summary.skills;
  if (skills.length === 0) {
    pdf.y = writeText(pdf, t("documents.termly.noSkills"), MARGIN, pdf.y, CONTENT_WIDTH, { color: MUTED, gap: 14 });
    return;
  }
  const columns = 3;
  const gap = 10;
  const width = (CONTENT_WIDTH - (columns - 1) * gap) / columns;
  const rowHeight = 20;
  for (let i = 0; i < skills.length; i += columns) {
    room(pdf, rowHeight + 4);
    const y = pdf.y;
    skills.slice(i, i + columns).forEach((s, c) => {
      const x = MARGIN + c * (width + gap);
      pdf
        .save()
        .roundedRect(x, y, width, rowHeight - 4, 3)
        .fill(SHADE)
        .restore();
      writeText(pdf, s.skill, x + 7, y + 3.5, width - 42, { size: 9 });
      writeText(pdf, s.level, x + width - 34, y + 3.5, 28, { font: BOLD, size: 9, color: ACCENT, align: "right" });
    });
    pdf.y = y + rowHeight;
  }
  pdf.y += 12;
}

function drawComment(pdf: Doc, r: TermlyReport, t: Translate) {
  if (!r.comment) return;
  sectionTitle(pdf, t("documents.termly.comment"));
  // Paragraph by paragraph, so a long comment can run onto the next page.
  for (const paragraph of r.comment.split(/\n+/)) {
    if (!paragraph.trim()) continue;
    const height = measure(pdf, paragraph, CONTENT_WIDTH, ITALIC, 10);
    room(pdf, Math.min(height, 60));
    pdf
      .font(ITALIC)
      .fontSize(10)
      .fillColor(INK)
      .text(toWinAnsi(paragraph), MARGIN, pdf.y, { width: CONTENT_WIDTH, lineGap: 2 });
    pdf.y += 6;
  }
  pdf.y = writeText(pdf, r.teacherName ?? t("email.yourTeacher"), MARGIN, pdf.y + 2, CONTENT_WIDTH, {
    font: BOLD,
    size: 9.5,
    align: "right",
  });
}

export type TermlyPdfOptions = {
  /** Writes the page contents uncompressed (tests read the text back). */
  compress?: boolean;
  /** The PDF's creation date (the bytes stay the same for the same report). */
  createdAt?: Date;
};

export async function termlyReportPdf(r: TermlyReport, opts: TermlyPdfOptions = {}): Promise<Buffer> {
  const t = translator(r.locale);
  const created = opts.createdAt ?? r.end;
  const info = {
    Title: toWinAnsi(`${t("documents.termly.title")}: ${r.learnerName}`),
    Author: toWinAnsi(r.teacherName ?? r.siteName),
    Subject: toWinAnsi(t("documents.termly.period", { from: dayOf(r, r.from), to: dayOf(r, r.to) })),
    CreationDate: created,
    ModDate: created,
  };
  return renderA4Pdf(PAGE, { lang: INTL_TAGS[r.locale], compress: opts.compress, info }, (pdf) => {
    drawHeader(pdf, r, t);
    drawFigures(pdf, r, t);
    drawLessons(pdf, r, t);
    drawHomework(pdf, r, t);
    drawChart(pdf, r, t);
    drawSkills(pdf, r, t);
    drawComment(pdf, r, t);
    drawPageFooters(pdf, PAGE, `${r.siteName} · ${t("documents.termly.title")} · ${r.learnerName}`, t);
  });
}
