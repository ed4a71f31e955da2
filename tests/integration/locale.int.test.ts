// Issue 29, item 3: the language belongs to the person and to each order. A new account takes the
// language of the page it signed up on; an order stores the language it was made in (the booking
// page's, else the account's, for an integration that names none); a language the site does not
// speak is refused with a clear error and nothing written.
import { describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let nextDay = 3;

/** Books one lesson on a fresh day as `user`; `extra` adds to the spec's payload. */
async function bookOne(user: TestUser, extra: Record<string, unknown> = {}) {
  nextDay += 1;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  return t.send("POST", "/api/bookings", {
    as: user,
    payload: {
      studentInfo: studentInfo({ email: user.email }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
      ...extra,
    },
  });
}

const orderLocale = async (user: TestUser) =>
  (await db().bookingOrder.findFirstOrThrow({ where: { studentId: user.id }, orderBy: { createdAt: "desc" } })).locale;

describe("a new account's language", () => {
  const signUp = (email: string, next: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/demo-auth",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: new URLSearchParams({ role: "new-student", name: "Chiara Neri", email, next }).toString(),
    });

  it("is the language of the page the person signed up on", async () => {
    const italian = await signUp("chiara@test.example", "/it/book/details");
    expect(italian.statusCode).toBe(302);
    expect(italian.headers.location).toBe("/it/book/details");
    const english = await signUp("claire@test.example", "/book/details");
    expect(english.headers.location).toBe("/book/details");
    const locales = await db().user.findMany({
      where: { email: { in: ["chiara@test.example", "claire@test.example"] } },
      select: { email: true, locale: true },
      orderBy: { email: "asc" },
    });
    expect(locales).toEqual([
      { email: "chiara@test.example", locale: "it" },
      { email: "claire@test.example", locale: "en" },
    ]);
  });

  it("does not change when the person signs in again from a page in the other language", async () => {
    await signUp("chiara@test.example", "/book/pricing");
    expect((await db().user.findUniqueOrThrow({ where: { email: "chiara@test.example" } })).locale).toBe("it");
  });
});

describe("an order's language", () => {
  it("is the language of the page the booking was made on", async () => {
    const student = await t.createStudent();
    const response = await bookOne(student, { locale: "it" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderLocale(student)).toBe("it");
  });

  it("is the account's when the booking names none (an integration)", async () => {
    const italian = await t.createStudent();
    await db().user.update({ where: { id: italian.id }, data: { locale: "it" } });
    expect((await bookOne(italian)).statusCode).toBe(200);
    expect(await orderLocale(italian)).toBe("it");

    const english = await t.createStudent();
    expect((await bookOne(english)).statusCode).toBe(200);
    expect(await orderLocale(english)).toBe("en");
  });

  it("refuses a language the site does not speak, and books nothing", async () => {
    const student = await t.createStudent();
    const response = await bookOne(student, { locale: "fr" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("The locale must be one of: en, it.");
    expect(await db().bookingOrder.count({ where: { studentId: student.id } })).toBe(0);
  });
});

describe("PUT /api/student/profile locale", () => {
  const put = (user: TestUser, payload: Record<string, unknown>) =>
    t.send("PUT", "/api/student/profile", { as: user, payload: { name: user.name, ...payload } });

  it("changes the account's language, keeps it when absent, and refuses another", async () => {
    const student = await t.createStudent();
    const changed = await put(student, { locale: "it" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().profile.locale).toBe("it");

    const kept = await put(student, { phone: "+39 340 000 0000" });
    expect(kept.json().profile.locale).toBe("it");

    const refused = await put(student, { locale: "de", phone: "+39 1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("The locale must be one of: en, it.");
    const read = await t.send("GET", "/api/student/profile", { as: student });
    expect(read.json().profile).toMatchObject({ locale: "it", phone: "+39 340 000 0000" });
    // The next booking without a locale of its own speaks it.
    expect((await bookOne(student)).statusCode).toBe(200);
    expect(await orderLocale(student)).toBe("it");
  });
});

describe("the teacher's language", () => {
  it("is a setting: saved, read back, kept by a client that does not send it", async () => {
    const read = async () => (await t.send("GET", "/api/admin/settings", { as: t.admin })).json().settings;
    const saved = await read();
    expect(saved.system.teacherLocale).toBe("en");
    const { largestPackageLessons: _, ...business } = saved.business;
    const save = (system: Record<string, unknown>) =>
      t.send("PUT", "/api/admin/settings", { as: t.admin, payload: { settings: { ...saved, business, system } } });

    expect((await save({ ...saved.system, teacherLocale: "it" })).statusCode).toBe(200);
    expect((await read()).system.teacherLocale).toBe("it");
    const { teacherLocale: __, ...older } = saved.system;
    expect((await save(older)).statusCode).toBe(200);
    expect((await read()).system.teacherLocale).toBe("it");
    expect((await save({ ...saved.system, teacherLocale: "fr" })).statusCode).toBe(400);
    expect((await db().adminSettings.findUniqueOrThrow({ where: { id: "site" } })).teacherLocale).toBe("it");
  });
});
