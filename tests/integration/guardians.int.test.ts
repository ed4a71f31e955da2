// Guardians and learners (issue 16, item 5): the age confirmation's answer is stored on each
// booking; the mails greet the account holder and name the learner; the teacher sees learner and
// guardian with the guardian's contact; a guardian's account holds every child's lessons.
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let nextDay = 4;

/** One lesson booked through the REST path, as the details form sends it. */
async function book(as: TestUser, info: Record<string, unknown>) {
  nextDay += 1;
  const start = romeDay(nextDay, 11);
  await t.addAvailability(start, 1);
  const response = await t.send("POST", "/api/bookings", {
    as,
    payload: {
      studentInfo: studentInfo({ phone: "+39 347 555 0101", ...info }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().booking.id as string;
}

const outboxTo = (address: string) =>
  db().outboxEmail.findMany({
    where: { toAddress: address },
    orderBy: { createdAt: "asc" },
    select: { kind: true, subject: true, textBody: true },
  });

beforeEach(async () => {
  await db().outboxEmail.deleteMany();
  await db().teacher.update({ where: { id: t.teacherId }, data: { email: "giulia@teacher.test" } });
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false });
});

describe(`guardians and learners on ${testEngine}`, () => {
  it("a guardian's booking greets the guardian and names the learner in every mail", async () => {
    const anna = await t.createStudent({ name: "Anna Ferrari" });
    const id = await book(anna, { name: "Luca Ferrari", age_confirmation: "guardian" });

    const [created] = await outboxTo(anna.email);
    expect(created.kind).toBe("booking_created");
    expect(created.subject).toBe("Your English lesson request for Luca Ferrari: awaiting confirmation");
    expect(created.textBody.startsWith("Hi Anna Ferrari,\n")).toBe(true);
    expect(created.textBody).toContain("Luca Ferrari's lesson is requested:");
    expect(created.textBody).not.toContain("Hi Luca");

    const [notice] = await outboxTo("giulia@teacher.test");
    expect(notice.subject).toContain("Luca Ferrari");
    expect(notice.textBody).toContain("Luca Ferrari (booked by Anna Ferrari, parent or guardian) requested");
    expect(notice.textBody).toContain(`Contact: ${anna.email}, +39 347 555 0101`);

    // A later event of the lesson (the teacher confirms it) greets the guardian too.
    await t.caller({ admin: t.admin }).admin.bookings.update({ id, data: { status: "confirmed" } });
    const confirmed = (await outboxTo(anna.email)).find((m) => m.kind === "booking_confirmed");
    expect(confirmed?.subject).toMatch(/^Confirmed: Luca Ferrari's lesson on /);
    expect(confirmed?.textBody.startsWith("Hi Anna Ferrari,\n")).toBe(true);
    expect(confirmed?.textBody).toContain("Good news: Luca Ferrari's lesson is confirmed.");
  });

  it("a learner booking for themselves is greeted by the name they gave, as before", async () => {
    const sofia = await t.createStudent({ name: "Sofia Account" });
    await book(sofia, { name: "Sofia Bianchi", age_confirmation: "adult" });
    const [created] = await outboxTo(sofia.email);
    expect(created.subject).toBe("Your English lesson request: awaiting confirmation");
    expect(created.textBody.startsWith("Hi Sofia Bianchi,\n")).toBe(true);
    expect(created.textBody).toContain("You requested this lesson:");
  });

  it("stores the answer and shows the teacher learner and guardian with the guardian's contact (tRPC and REST)", async () => {
    const anna = await t.createStudent({ name: "Anna Rossi" });
    const guardianLesson = await book(anna, { name: "Marco Rossi", age_confirmation: "guardian" });
    const adult = await t.createStudent({ name: "Paolo Verdi" });
    const adultLesson = await book(adult, { name: "Paolo Verdi", age_confirmation: "adult" });

    const stored = await db().booking.findUniqueOrThrow({
      where: { id: guardianLesson },
      select: { bookedBy: true, guardianName: true, studentName: true },
    });
    expect(stored).toEqual({ bookedBy: "guardian", guardianName: "Anna Rossi", studentName: "Marco Rossi" });

    const byTrpc = await t.caller({ admin: t.admin }).admin.bookings.list({ search: "Rossi" });
    const rest = await t.send("GET", "/api/admin/bookings?search=Rossi", { as: t.admin });
    expect(rest.statusCode).toBe(200);
    for (const list of [byTrpc.bookings, rest.json().bookings]) {
      const row = list.find((b: { id: string }) => b.id === guardianLesson);
      expect(row).toMatchObject({
        booked_by: "guardian",
        student: { name: "Marco Rossi", email: anna.email, phone: "+39 347 555 0101" },
        guardian: { name: "Anna Rossi", email: anna.email, phone: "+39 347 555 0101" },
      });
    }
    const adultRow = await t.caller({ admin: t.admin }).admin.bookings.get({ id: adultLesson });
    expect(adultRow).toMatchObject({ booked_by: "learner", guardian: null, student: { name: "Paolo Verdi" } });
  });

  it("a guardian with two children sees both children's lessons, and the teacher sees whose guardian she is", async () => {
    const mother = await t.createStudent({ name: "Giovanna Conti" });
    const luca = await book(mother, { name: "Luca Conti", age_confirmation: "guardian" });
    const sofia = await book(mother, { name: "Sofia Conti", age_confirmation: "guardian" });

    const byTrpc = await t.caller({ student: mother }).portal.lessons({});
    const rest = await t.send("GET", "/api/student/lessons", { as: mother });
    expect(rest.statusCode).toBe(200);
    for (const lessons of [byTrpc.lessons, rest.json().lessons]) {
      const learners = Object.fromEntries(
        lessons.map((l: { id: string; learner_name: string | null }) => [l.id, l.learner_name]),
      );
      expect(learners).toEqual({ [luca]: "Luca Conti", [sofia]: "Sofia Conti" });
    }

    // Student Profiles has a row per learner (issue 31): the mother's own row (she has no lessons of
    // her own) and one row for each child, each found by her name and naming her as the guardian.
    const { students } = await t.caller({ admin: t.admin }).admin.students({ search: "Giovanna" });
    expect(students).toHaveLength(3);
    expect(students.map((s) => s.learner?.name ?? null).sort()).toEqual(["Luca Conti", "Sofia Conti", null].sort());
    for (const row of students) {
      expect(row.name).toBe("Giovanna Conti");
      expect([...row.learners].sort()).toEqual(["Luca Conti", "Sofia Conti"]);
      expect(row.guardian).toMatchObject({ name: "Giovanna Conti" });
    }
  });
});
