// Everyday friction, item 7 (issue 33): what a friend answers on /ref (phone, level, focus) is not
// asked again. Signed in, the answers fill the gaps of the friend's own profile (GET
// /api/student/profile, which the booking details step prefills from); a visitor's answers touch no
// account; a booking's details fill the profile's gaps too (a guardian's level and goals are the
// learner's, not the account holder's), and what the profile already says is never overwritten.
import { beforeAll, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
let referrer: TestUser;
let nextDay = 4;

const answers = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: "Marta Gialli",
  email,
  phone: "+39 347 000 2222",
  englishLevel: "beginner",
  lessonFocus: "Travel English for a trip to Dublin",
  preferredType: "online",
  notes: "",
  referralCode: referrer.referralCode,
  ...overrides,
});

async function profileOf(user: TestUser) {
  const response = await t.send("GET", "/api/student/profile", { as: user });
  expect(response.statusCode, response.body).toBe(200);
  const { phone, englishLevel, lessonFocus } = response.json().profile;
  return { phone, englishLevel, lessonFocus };
}

async function bookOne(student: TestUser, info: Record<string, unknown>) {
  nextDay += 1;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const response = await t.send("POST", "/api/bookings", {
    as: student,
    payload: { studentInfo: studentInfo(info), lesson_date: iso(start), lessonType: "online", teacher_id: t.teacherId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  referrer = await t.createStudent({ email: "rita-answers@test.example", name: "Rita Referrer" });
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90 });
});

describe("the /ref answers carried over", () => {
  it("fill a signed-in friend's empty profile: phone, level and focus", async () => {
    const friend = await t.createStudent({ email: "marta-answers@test.example", name: "Marta Gialli" });
    expect(await profileOf(friend)).toEqual({ phone: null, englishLevel: null, lessonFocus: null });
    const response = await t.send("POST", "/api/bookings", { as: friend, payload: answers(friend.email) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await profileOf(friend)).toEqual({
      phone: "+39 347 000 2222",
      englishLevel: "beginner",
      lessonFocus: "Travel English for a trip to Dublin",
    });
  });

  it("never overwrite what the profile already says", async () => {
    const friend = await t.createStudent({ email: "piero-answers@test.example", name: "Piero Blu" });
    const saved = await t.send("PUT", "/api/student/profile", {
      as: friend,
      payload: { name: "Piero Blu", phone: "+39 333 111 0000", englishLevel: "advanced" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.send("POST", "/api/bookings", { as: friend, payload: answers(friend.email) });
    expect(await profileOf(friend)).toEqual({
      phone: "+39 333 111 0000",
      englishLevel: "advanced",
      lessonFocus: "Travel English for a trip to Dublin",
    });
  });

  it("from a visitor touch no account, even the one whose address was typed", async () => {
    const owner = await t.createStudent({ email: "someone-else@test.example", name: "Someone Else" });
    const response = await t.send("POST", "/api/bookings", { payload: answers(owner.email) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await profileOf(owner)).toEqual({ phone: null, englishLevel: null, lessonFocus: null });
  });
});

describe("a booking's details", () => {
  it("fill the learner's empty profile, so the next booking's details step is prefilled from it", async () => {
    const learner = await t.createStudent({ email: "learner-answers@test.example", name: "Luca Neri" });
    await bookOne(learner, { name: "Luca Neri", english_level: "advanced", lesson_focus: "Job interviews" });
    expect(await profileOf(learner)).toEqual({
      phone: "+39 333 000 1111",
      englishLevel: "advanced",
      lessonFocus: "Job interviews",
    });
    // A later booking with other answers leaves the profile as it was.
    await bookOne(learner, { name: "Luca Neri", phone: "+39 340 999 9999", english_level: "beginner" });
    expect((await profileOf(learner)).englishLevel).toBe("advanced");
  });

  it("of a guardian give the account holder a phone, not the child's level and goals", async () => {
    const parent = await t.createStudent({ email: "parent-answers@test.example", name: "Paolo Padre" });
    await bookOne(parent, { name: "Nina Padre", age_confirmation: "guardian", english_level: "beginner" });
    expect(await profileOf(parent)).toEqual({ phone: "+39 333 000 1111", englishLevel: null, lessonFocus: null });
  });
});
