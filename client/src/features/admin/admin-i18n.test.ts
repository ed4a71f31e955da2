// The teacher's admin screens rendered to HTML in English and in Italian (issue 29): English keeps
// its words and formats, Italian has no English left in the same components, names weekdays and
// months in Italian and keeps the Monday-first grid. The panels that need the server or the router
// are covered by the catalogue test (no words typed in them) and, once /admin is served in
// Italian, by an e2e walk.
import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "../../../../shared/i18n/compile.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { createCatalogue, I18nProvider, loadAreas } from "../../lib/i18n.tsx";
import type { SharedFile, StudentNote } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatAdminDateTime, prefsInLanguage } from "./admin-format.ts";
import { MonthCalendar } from "./month-calendar.tsx";
import { NoteCard } from "./note-card.tsx";
import { SharedFileCard } from "./shared-file-card.tsx";
import { StandingSummary } from "./weekly-schedule-parts.tsx";

const prefs = (locale: Locale): AdminPrefs => ({
  dateFormat: "DD/MM/YYYY",
  timeFormat: "24h",
  timezone: "Europe/Rome",
  locale,
});

async function render(locale: Locale, element: ReactElement) {
  const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
  await loadAreas(catalogue, ["common", "admin"]);
  // biome-ignore lint/correctness/noChildrenProp: createElement in a .ts test; the provider's children are required
  const html = renderToStaticMarkup(h(I18nProvider, { catalogue, children: element }));
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

const note: StudentNote = {
  id: "n1",
  student_id: "s1",
  student: { id: "s1", name: "Marco Ferri", email: "marco@example.com" },
  learner_id: null,
  learner: null,
  guardian: null,
  teacher_note: "Past simple is solid now.",
  note_date: "2026-11-25T11:00:00.000Z",
  tags: ["grammar"],
  is_private: true,
  booking: { id: "b1", lesson_type: "in-person", lesson_date: "2026-11-25T09:00:00.000Z" },
  author_name: "Anna",
  is_mine: false,
  created_at: "2026-11-25T11:00:00.000Z",
  updated_at: "2026-11-25T11:00:00.000Z",
};

const file: SharedFile = {
  id: "f1",
  title: "Irregular verbs",
  description: null,
  file_type: "document",
  file_url: "/api/files/f1",
  file_size: null,
  last_viewed_at: null,
  created_at: "2026-11-20T10:00:00.000Z",
  student_id: "s1",
  student: { id: "s1", name: "Marco Ferri", email: "marco@example.com" },
  is_active: false,
  learner_id: null,
  learner: null,
  guardian: null,
};

const schedule = h(StandingSummary, {
  entries: [{ dayOfWeek: 1, startTime: "09:00", duration: 60 }],
  slotsThrough: new Date("2027-01-31T12:00:00Z"),
  loading: false,
  prefs: prefs("en"),
  onRemove: () => {},
});

describe("admin dates in the page's language", () => {
  it("keeps English weekdays and the teacher's numeric format, and names the weekday in Italian", () => {
    const instant = "2027-03-27T23:30:00Z"; // Sunday 28 March in Rome
    expect(formatAdminDate(instant, prefs("en"), true)).toBe("Sunday, 28/03/2027");
    expect(formatAdminDate(instant, prefs("it"), true)).toBe("domenica, 28/03/2027");
    expect(formatAdminDateTime(instant, prefs("it"))).toBe("28/03/2027 00:30");
  });

  it("reads the US order and the 12-hour clock as Italy's on an Italian page, and keeps them in English", () => {
    const us = { dateFormat: "MM/DD/YYYY", timeFormat: "12h", timezone: "Europe/Rome" };
    const instant = "2026-12-10T09:00:00Z";
    expect(formatAdminDateTime(instant, prefsInLanguage(us, "en"), true)).toBe("Thursday, 12/10/2026 10:00 AM");
    expect(formatAdminDateTime(instant, prefsInLanguage(us, "it"), true)).toBe("giovedì, 10/12/2026 10:00");
    const iso = { ...us, dateFormat: "YYYY-MM-DD" };
    expect(formatAdminDate(instant, prefsInLanguage(iso, "it"))).toBe("2026-12-10");
  });
});

describe("the month calendar", () => {
  const calendar = (locale: Locale) =>
    h(MonthCalendar, {
      today: "2026-11-25",
      selected: "2026-11-25",
      onSelect: () => {},
      slotCount: (date: string) => (date === "2026-11-26" ? 2 : 0),
      prefs: prefs(locale),
    });

  it("reads as before in English", async () => {
    const { html, text } = await render("en", calendar("en"));
    expect(text).toContain("November 2026");
    expect(text).toContain("Mo Tu We Th Fr Sa Su");
    expect(text).toContain("Times are in Europe/Rome. Dots mark days with availability.");
    expect(html).toContain('aria-label="Thursday, 26/11/2026, 2 slots"');
    expect(html).toContain('aria-label="Previous month"');
  });

  it("is Italian, Monday first, with no English left", async () => {
    const { html, text } = await render("it", calendar("it"));
    expect(text).toContain("novembre 2026");
    expect(text).toContain("Lu Ma Me Gi Ve Sa Do");
    expect(text).toContain("Gli orari sono nel fuso Europe/Rome.");
    expect(html).toContain('aria-label="giovedì, 26/11/2026, 2 orari"');
    expect(html).toContain('aria-label="Mese precedente"');
    expect(text).not.toMatch(/November|Times are|slots|Mo Tu/);
  });
});

describe("a note, a shared file and the weekly schedule", () => {
  it("keep their English", async () => {
    const { text } = await render(
      "en",
      h(
        "div",
        null,
        h(NoteCard, { note, prefs: prefs("en"), onEdit: () => {}, onDelete: () => {} }),
        h(SharedFileCard, {
          file,
          prefs: prefs("en"),
          isToggling: false,
          onToggle: () => {},
          onEdit: () => {},
          onDelete: () => {},
        }),
        schedule,
      ),
    );
    expect(text).toContain("Wednesday, 25/11/2026 · by Anna");
    expect(text).toContain("Private");
    expect(text).toContain("Lesson: 25/11/2026 10:00 · In-person");
    expect(text).toContain("for Marco Ferri");
    expect(text).toContain("Inactive");
    expect(text).toContain("Document · Unknown size · shared 20/11/2026 · not viewed yet");
    expect(text).toContain("Open uploaded file");
    expect(text).toContain("Weekly schedule in place");
    expect(text).toContain("Slots exist through Sunday, 31/01/2027 ; new weeks are added automatically.");
    expect(text).toContain("Monday 09:00–10:00");
  });

  it("speak Italian", async () => {
    const itSchedule = h(StandingSummary, { ...schedule.props, prefs: prefs("it") });
    const { text } = await render(
      "it",
      h(
        "div",
        null,
        h(NoteCard, { note, prefs: prefs("it"), onEdit: () => {}, onDelete: () => {} }),
        h(SharedFileCard, {
          file,
          prefs: prefs("it"),
          isToggling: false,
          onToggle: () => {},
          onEdit: () => {},
          onDelete: () => {},
        }),
        itSchedule,
      ),
    );
    expect(text).toContain("mercoledì, 25/11/2026 · di Anna");
    expect(text).toContain("Privata");
    expect(text).toContain("Lezione: 25/11/2026 10:00 · In presenza");
    expect(text).toContain("per Marco Ferri");
    expect(text).toContain("Documento · Dimensione sconosciuta · condiviso il 20/11/2026 · non ancora visto");
    expect(text).toContain("Orario settimanale attivo");
    expect(text).toContain("Lunedì 09:00–10:00");
    expect(text).not.toMatch(/\b(Private|Lesson|Inactive|Unknown|Weekly|Monday|Slots|Edit|Delete)\b/);
  });
});
