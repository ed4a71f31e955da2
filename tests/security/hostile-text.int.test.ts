// Checklist 39 (issue 27, item 10): bidirectional overrides and zero-width characters are taken
// out of typed text at the edge, and a name with no visible character is refused. U+202E made
// "Giulia <RLO>rehcaet<PDF>" read as "Giulia teacher" in the teacher's email subject and calendar.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_REQUIRED_MESSAGE } from "../../shared/constants.ts";
import { createUserWithSession } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { injectRest } from "../helpers/transports.ts";

const RLO = "\u202E";
const PDF = "\u202C";
/** Bidi controls and invisible separators that must never survive the edge. */
const HIDDEN = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

const INVISIBLE_NAMES = [
  "\u200B", // zero-width space
  "\u3164", // Hangul filler: a letter to Unicode, drawn as nothing
  "\u3164 \u3164",
  "\u115F\u1160",
  "\uFFA0",
  "\u2800", // blank Braille pattern
  "\uFEFF\u200D\u200C",
  `${RLO}${PDF}`,
  "\u034F\uFE0F",
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("names and titles lose bidi controls and zero-width characters", () => {
  it("a profile name keeps its letters and loses the override", async () => {
    const student = await createUserWithSession(t.database.prisma);
    const profile = {
      name: `Giulia ${RLO}rehcaet${PDF}`,
      phone: "+39\u200B 333\u2060 1234567",
      lessonFocus: `Grammar ${RLO}and\u2066 speaking\u2069`,
    };
    const saved = await injectRest(t.app, {
      method: "PUT",
      url: "/api/student/profile",
      payload: profile,
      cookie: student.cookie,
    });
    expect(saved.statusCode).toBe(200);
    const row = await t.database.prisma.user.findUniqueOrThrow({
      where: { id: student.id },
      select: { name: true, phone: true, lessonFocus: true },
    });
    expect(row).toEqual({ name: "Giulia rehcaet", phone: "+39 333 1234567", lessonFocus: "Grammar and speaking" });
  });

  it.each(INVISIBLE_NAMES)("a profile name of only invisible characters (%j) is refused", async (name) => {
    const student = await createUserWithSession(t.database.prisma, { name: "Before" });
    const refused = await injectRest(t.app, {
      method: "PUT",
      url: "/api/student/profile",
      payload: { name },
      cookie: student.cookie,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(NAME_REQUIRED_MESSAGE);
    const row = await t.database.prisma.user.findUniqueOrThrow({ where: { id: student.id }, select: { name: true } });
    expect(row.name).toBe("Before");
  });

  it("the teacher's email about a custom availability request carries no override", async () => {
    const request = {
      name: `Giulia ${RLO}rehcaet${PDF}`,
      email: "bidi@visitor.test",
      availability: `Mondays ${RLO}after 5${PDF}\u200B`,
      location: `Milano\u200F`,
    };
    const sent = await injectRest(t.app, {
      method: "POST",
      url: "/api/bookings/availability-request",
      payload: request,
    });
    expect(sent.statusCode).toBe(200);
    const stored = await t.database.prisma.availabilityRequest.findFirstOrThrow({
      where: { email: "bidi@visitor.test" },
      select: { name: true, availability: true, location: true },
    });
    expect(stored).toEqual({ name: "Giulia rehcaet", availability: "Mondays after 5", location: "Milano" });
    const mail = await t.database.prisma.outboxEmail.findMany({
      where: { kind: "teacher_availability_request" },
      select: { subject: true, textBody: true },
    });
    const toTeacher = mail.find((m) => m.textBody.includes("bidi@visitor.test"));
    expect(toTeacher?.subject).toContain("Giulia rehcaet");
    expect(toTeacher?.subject).not.toMatch(HIDDEN);
    expect(toTeacher?.textBody).not.toMatch(HIDDEN);
  });

  it.each(INVISIBLE_NAMES)("a custom availability request named %j is refused", async (name) => {
    const before = await t.database.prisma.availabilityRequest.count();
    const refused = await injectRest(t.app, {
      method: "POST",
      url: "/api/bookings/availability-request",
      payload: { name, email: "ghost@visitor.test", availability: "Mondays", location: "Milano" },
    });
    expect(refused.statusCode).toBe(400);
    expect(await t.database.prisma.availabilityRequest.count()).toBe(before);
  });
});
