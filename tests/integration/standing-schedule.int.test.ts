// The standing weekly schedule (issue 17, item 1) on a real database: PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql (where two Prisma clients race the top-up).
import { DateTime } from "luxon";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type SeriesRemovalOutcome,
  seriesRemovalText,
  type WeeklySaveOutcome,
  weeklySaveText,
} from "../../client/src/features/admin/admin-results.ts";
import { createCatalogue, loadAreas } from "../../client/src/lib/i18n.tsx";
import { type Database, openDatabase } from "../../server/db.ts";
import {
  topUpStandingSchedule,
  topUpStandingSchedules,
} from "../../server/features/availability/standing-schedule.service.ts";
import { compileCatalogue } from "../../shared/i18n/compile.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import type { MessageKey, MessageValues, Translate } from "../../shared/i18n/messages.ts";
import { prepareBookingApp, ZONE } from "../helpers/booking-factory.ts";
import { defined } from "../helpers/defined.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const json = () => ({ "content-type": "application/json", cookie: t.admin.cookie });

const schedule = [
  { dayOfWeek: 1, startTime: "09:00", duration: 60 },
  { dayOfWeek: 1, startTime: "10:00", duration: 60 },
  { dayOfWeek: 4, startTime: "17:30", duration: 60 },
];

const bulk = (body: unknown) =>
  t.app.inject({ method: "POST", url: "/api/availability/bulk", headers: json(), payload: JSON.stringify(body) });

/** The teacher's slots as local "yyyy-MM-dd HH:mm" strings, and whether any start twice. */
async function slotTimes() {
  const rows = await db().availabilitySlot.findMany({
    where: { teacherId: t.teacherId },
    orderBy: { startsAt: "asc" },
  });
  const local = rows.map((r) => DateTime.fromJSDate(r.startsAt).setZone(ZONE).toFormat("yyyy-MM-dd HH:mm"));
  return { rows, local, duplicates: local.length - new Set(rows.map((r) => r.startsAt.getTime())).size };
}

/** The admin page's words in each language (the page renders the answers' counts with them). */
const pageWords = new Map<Locale, Translate>();
beforeAll(async () => {
  for (const locale of ["en", "it"] as const) {
    const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
    await loadAreas(catalogue, ["admin"]);
    pageWords.set(locale, (key: MessageKey, values?: MessageValues) => catalogue.i18n._(key, values));
  }
});

type SaveAnswer = Omit<WeeklySaveOutcome, "filledThrough" | "skippedSlots"> & {
  message: string;
  filledThrough: string;
  skippedSlots: { startsAt: string }[];
};

/** A save's answer as the admin page words it in `locale`, from its counts and dates. */
function pageSaveText(body: SaveAnswer, locale: Locale) {
  const outcome: WeeklySaveOutcome = {
    ...body,
    filledThrough: new Date(body.filledThrough),
    skippedSlots: body.skippedSlots.map((s) => ({ startsAt: new Date(s.startsAt) })),
  };
  return weeklySaveText(defined(pageWords.get(locale)), outcome, ZONE, locale);
}

/** The page says what the REST answer's English `message` says, word for word, and in Italian none of it. */
function expectPageSays(body: SaveAnswer | (SeriesRemovalOutcome & { message: string })) {
  const say = (locale: Locale) =>
    "scope" in body ? seriesRemovalText(defined(pageWords.get(locale)), body) : pageSaveText(body, locale);
  expect(say("en")).toBe(body.message);
  const italian = say("it");
  expect(italian).not.toMatch(/\b(slots?|schedule|weekly|removed|booked|lessons?|skipped|existing)\b/i);
  return italian;
}

beforeEach(async () => {
  await db().booking.deleteMany();
  await db().availabilitySlot.deleteMany();
  await db().availabilityException.deleteMany();
  await db().weeklySchedule.deleteMany();
  await t.setSettings({ maxAdvanceBooking: 120, bufferBetweenLessons: 0, autoConfirmBookings: false });
});

describe("POST /api/availability/bulk sets a standing schedule", () => {
  it("applied twice adds nothing the second time and is never refused whole", async () => {
    const first = await bulk({ schedule, weeksAhead: 12 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    // 120 days ahead: 17 or 18 Mondays (two slots each) and Thursdays, not 12 weeks.
    expect(body.created).toBeGreaterThanOrEqual(17 * 3);
    expect(body).toMatchObject({ success: true, skipped: 0, alreadyPresent: 0 });
    expect(body.message).toContain("Weekly schedule saved");
    expect(expectPageSays(body)).toMatch(
      /^Orario settimanale salvato: \d+ orari nuovi; gli orari sono prenotabili fino a \S+ \d+ \S+ \d{4} /,
    );
    const after1 = await slotTimes();
    expect(after1.rows).toHaveLength(body.created);
    expect(after1.rows.every((r) => r.seriesId === body.seriesId && r.recurring === "weekly")).toBe(true);

    const second = await bulk({ schedule, weeksAhead: 12 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: 0, alreadyPresent: body.created, skipped: 0, removed: 0 });
    expect(second.json().seriesId).toBe(body.seriesId);
    // Nothing new: said in words, not as a count of the slots already there.
    expect(second.json().message).toMatch(/^Weekly schedule saved: no new slots were needed; slots are open through /);
    expect(expectPageSays(second.json())).toMatch(/^Orario settimanale salvato: nessun orario nuovo da aggiungere; /);
    expect(second.json().message).not.toMatch(/already there/);
    const after2 = await slotTimes();
    expect(after2.local).toEqual(after1.local);
    expect(after2.duplicates).toBe(0);

    // One that overlaps existing slots: the overlaps are skipped and reported, the rest added.
    const thursday = defined(after1.rows.find((r) => DateTime.fromJSDate(r.startsAt).setZone(ZONE).weekday === 4));
    const oneTimeStart = DateTime.fromJSDate(thursday.startsAt)
      .setZone(ZONE)
      .plus({ days: 1 })
      .set({ hour: 11, minute: 0 });
    const oneTime = await t.app.inject({
      method: "POST",
      url: "/api/availability",
      headers: json(),
      payload: JSON.stringify({ startTime: oneTimeStart.toISO(), duration: 60, recurring: "none" }),
    });
    expect(oneTime.statusCode).toBe(200);
    const overlapping = await bulk({
      schedule: [...schedule, { dayOfWeek: oneTimeStart.weekday % 7, startTime: "10:30", duration: 60 }],
      weeksAhead: 12,
    });
    expect(overlapping.statusCode).toBe(200);
    const o = overlapping.json();
    expect(o.skipped).toBe(1);
    expect(new Date(o.skippedSlots[0].startsAt).getTime()).toBe(oneTimeStart.minus({ minutes: 30 }).toMillis());
    expect(o.message).toMatch(/One slot was not added: it overlaps a time already open \(/);
    expect(expectPageSays(o)).toMatch(
      / Un orario non è stato aggiunto: si sovrappone a una disponibilità già presente \(\S+ \d+ \S+ \d{4}, 10:30\)\./,
    );
    expect(o.created).toBeGreaterThanOrEqual(15);
    expect(o.alreadyPresent).toBe(body.created);
    expect((await slotTimes()).duplicates).toBe(0);
    // The one-time slot is still there, untouched.
    expect(await db().availabilitySlot.count({ where: { startsAt: oneTimeStart.toJSDate(), recurring: "none" } })).toBe(
      1,
    );
  });

  it("keeps slots through the far end of a 120-day horizon, as visitors see them, and tops up as days pass", async () => {
    expect((await bulk({ schedule, weeksAhead: 4 })).statusCode).toBe(200);
    const today = DateTime.now().setZone(ZONE).startOf("day");
    // Visitors' grid for days 113-120: the last bookable week has its slots.
    const farStart = today.plus({ days: 113 });
    const grid = await t.app.inject({
      method: "GET",
      url: `/api/availability?startDate=${farStart.toISODate()}&endDate=${today.plus({ days: 119 }).toISODate()}`,
    });
    expect(grid.statusCode).toBe(200);
    const offered = (grid.json().availableSlots as { startTime: string }[]).map((s) => new Date(s.startTime).getTime());
    const monday = farStart.plus({ days: (8 - farStart.weekday) % 7 });
    expect(offered).toContain(monday.set({ hour: 9 }).toMillis());
    expect(offered).toContain(monday.set({ hour: 10 }).toMillis());

    const status = await t.app.inject({
      method: "GET",
      url: "/api/availability/schedule",
      headers: { cookie: t.admin.cookie },
    });
    const through = DateTime.fromISO(status.json().schedule.slotsThrough).setZone(ZONE);
    expect(through.toISODate()).toBe(today.plus({ days: 120 }).toISODate());
    expect(status.json().schedule.entries).toHaveLength(3);

    // Thirty days later, without the teacher doing anything, the horizon has moved and is full.
    const later = new Date(Date.now() + 30 * 86_400_000);
    const before = (await slotTimes()).rows.length;
    const topUp = await topUpStandingSchedules(db(), later);
    expect(topUp.created).toBeGreaterThanOrEqual(12);
    const { rows, duplicates } = await slotTimes();
    expect(rows.length).toBe(before + topUp.created);
    expect(duplicates).toBe(0);
    const last = rows[rows.length - 1].startsAt.getTime();
    expect(last).toBeGreaterThan(later.getTime() + 113 * 86_400_000);
    // Idempotent: the same moment again creates nothing.
    expect((await topUpStandingSchedules(db(), later)).created).toBe(0);
  });

  it("never refills a removed occurrence or a day off, even one beyond the slots that exist yet", async () => {
    await bulk({ schedule, weeksAhead: 4 });
    const { rows } = await slotTimes();
    const removed = rows[3];
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/availability/${removed.id}`,
      headers: { cookie: t.admin.cookie },
    });
    expect(del.json()).toMatchObject({ deleted: 1 });
    // A day off 130 days ahead, past today's horizon: marked now, it stays free when the top-up gets there.
    const far = DateTime.now().setZone(ZONE).startOf("day").plus({ days: 130 });
    const farMonday = far.plus({ days: (8 - far.weekday) % 7 });
    const off = await t.app.inject({
      method: "POST",
      url: "/api/availability/days-off",
      headers: json(),
      payload: JSON.stringify({ startDate: farMonday.toISODate(), endDate: farMonday.toISODate() }),
    });
    expect(off.statusCode).toBe(200);
    const result = await topUpStandingSchedule(db(), t.teacherId, new Date(Date.now() + 20 * 86_400_000));
    expect(result?.excluded).toBe(2); // the two Monday slots of the day off
    const after = await slotTimes();
    expect(after.rows.some((r) => r.startsAt.getTime() === removed.startsAt.getTime())).toBe(false);
    expect(after.local.some((l) => l.startsWith(farMonday.toFormat("yyyy-MM-dd")))).toBe(false);
    expect(after.local.some((l) => l.startsWith(farMonday.plus({ days: 3 }).toFormat("yyyy-MM-dd")))).toBe(true);
    // Re-applying the schedule does not refill them either, and says so.
    const again = (await bulk({ schedule, weeksAhead: 4 })).json();
    expect(again.created).toBe(0);
    expect(again.skippedDaysOff).toBeGreaterThanOrEqual(1);
    expect(expectPageSays(again)).toMatch(/ cad(e|ono) in (un giorno libero|giorni liberi)/);
  });

  it("changing or removing the schedule touches future unbooked slots only and lists the booked ones", async () => {
    await bulk({ schedule, weeksAhead: 4 });
    const { rows } = await slotTimes();
    const bookedSlot = defined(
      rows.find((r) => DateTime.fromJSDate(r.startsAt).setZone(ZONE).toFormat("HH:mm") === "10:00"),
    );
    const student = await t.createStudent();
    await db().booking.create({
      data: {
        studentId: student.id,
        teacherId: t.teacherId,
        startsAt: bookedSlot.startsAt,
        endsAt: bookedSlot.endsAt,
        status: "confirmed",
        lessonType: "online",
        studentName: "Marta Verdi",
        studentEmail: student.email,
      },
    });
    // The new schedule drops Monday 10:00.
    const changed = (await bulk({ schedule: [schedule[0], schedule[2]], weeksAhead: 4 })).json();
    expect(changed.keptBookedCount).toBe(1);
    expect(changed.keptBooked[0]).toMatchObject({ studentName: "Marta Verdi" });
    expect(changed.message).toContain("1 booked lesson keeps its slot");
    expect(expectPageSays(changed)).toMatch(
      / della versione precedente\. 1 lezione prenotata mantiene il suo orario\.$/,
    );
    const tens = (await slotTimes()).local.filter((l) => l.endsWith("10:00"));
    expect(tens).toHaveLength(1);
    const oldTens = rows.filter((r) => DateTime.fromJSDate(r.startsAt).setZone(ZONE).toFormat("HH:mm") === "10:00");
    expect(changed.removed).toBe(oldTens.length - 1);
    expect(changed.created).toBe(0);

    const removal = await t.app.inject({
      method: "DELETE",
      url: "/api/availability/schedule",
      headers: { cookie: t.admin.cookie },
    });
    expect(removal.statusCode).toBe(200);
    expect(removal.json()).toMatchObject({ keptBookedCount: 1, scope: "schedule" });
    expect(expectPageSays(removal.json())).toMatch(
      /^Orario settimanale interrotto: \d+ orari rimossi\. 1 lezione prenotata mantiene il suo orario\.$/,
    );
    expect((await slotTimes()).rows.map((r) => r.id)).toEqual([bookedSlot.id]);
    expect(await db().weeklySchedule.count()).toBe(0);
    // No schedule: the top-up creates nothing.
    expect((await topUpStandingSchedules(db(), new Date(Date.now() + 7 * 86_400_000))).created).toBe(0);
    const none = await t.app.inject({
      method: "GET",
      url: "/api/availability/schedule",
      headers: { cookie: t.admin.cookie },
    });
    expect(none.json().schedule).toBeNull();
  });

  it("two processes topping up at once create no duplicate", async () => {
    await bulk({ schedule, weeksAhead: 1 });
    await db().availabilitySlot.deleteMany(); // as if the slots had never been made
    // On PostgreSQL a second Prisma client with its own pool (another process's view of the
    // database); on PGlite the same client (it runs one transaction at a time anyway).
    const other: Database | null =
      testEngine === "postgresql" && t.database.url ? await openDatabase({ databaseUrl: t.database.url }) : null;
    try {
      const clients = [db(), other?.prisma ?? db()];
      const now = new Date();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => topUpStandingSchedules(clients[i % 2], now)),
      );
      const { rows, duplicates } = await slotTimes();
      expect(duplicates).toBe(0);
      expect(results.reduce((n, r) => n + r.created, 0)).toBe(rows.length);
      expect(rows.length).toBeGreaterThanOrEqual(17 * 3);
    } finally {
      await other?.close();
    }
  });
});

describe("a longer booking horizon", () => {
  it("is filled as soon as the teacher saves it, not at the next hourly top-up", async () => {
    await t.setSettings({ maxAdvanceBooking: 30 });
    expect((await bulk({ schedule, weeksAhead: 1 })).statusCode).toBe(200);
    const lastStart = async () => defined((await slotTimes()).rows.at(-1)).startsAt.getTime();
    const day = 86_400_000;
    expect(await lastStart()).toBeLessThan(Date.now() + 33 * day);

    const saved = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: t.admin.cookie } })
    ).json().settings;
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: json(),
      payload: JSON.stringify({
        settings: { ...saved, business: { ...saved.business, bufferBetweenLessons: 15, maxAdvanceBooking: 120 } },
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    // The schedule has a Monday and a Thursday: the last slot is within a week of day 120.
    expect(await lastStart()).toBeGreaterThan(Date.now() + 113 * day);
    expect((await slotTimes()).duplicates).toBe(0);
  });
});
