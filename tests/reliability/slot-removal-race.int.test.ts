// The teacher removes a slot while a student books it, 20 times at once (PostgreSQL shows the
// race; PGlite runs one transaction at a time). Before the fix the removal checked for bookings
// and then deleted, outside any lock, and the booking checked the availability before its lock:
// both could win and leave a lesson with no availability behind it. Now both take the same
// per-teacher advisory lock and check under it: exactly one of them wins, every time.
import { beforeAll, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
let student: TestUser;
const db = () => t.database.prisma;

beforeAll(async () => {
  student = await t.createStudent();
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

it(`removing a slot and booking it at once: exactly one wins, 20 rounds on ${testEngine}`, async () => {
  const outcomes = { booked: 0, removed: 0 };
  for (let round = 0; round < 20; round++) {
    const start = romeDay(5 + Math.floor(round / 8), 8 + (round % 8));
    const slot = await t.addAvailability(start, 1);
    const [booking, removal] = await Promise.allSettled([
      t.caller({ student }).booking.createBooking({
        studentInfo: studentInfo(),
        lesson_date: iso(start),
        lessonType: "online",
        teacher_id: t.teacherId,
      }),
      t.caller({ admin: t.admin }).admin.availability.deleteSlot({ id: slot.id }),
    ]);
    const lessons = await db().booking.count({
      where: { startsAt: start.toJSDate(), status: { in: ["pending", "confirmed"] } },
    });
    const slotLeft = await db().availabilitySlot.count({ where: { id: slot.id } });
    // Never both: a live lesson always keeps its slot, and a removed slot holds no lesson.
    expect([lessons, slotLeft], `round ${round}: ${booking.status}/${removal.status}`).not.toEqual([1, 0]);
    expect(booking.status === "fulfilled" && removal.status === "fulfilled", `round ${round}`).toBe(false);
    if (booking.status === "fulfilled") {
      outcomes.booked++;
      expect([lessons, slotLeft]).toEqual([1, 1]);
      expect(removal.status === "rejected" && (removal.reason as { code: string }).code).toBe("CONFLICT");
    } else {
      outcomes.removed++;
      expect([lessons, slotLeft]).toEqual([0, 0]);
      expect((booking.reason as { code: string }).code).toMatch(/CONFLICT|BAD_REQUEST/);
    }
  }
  expect(outcomes.booked + outcomes.removed).toBe(20);
});
