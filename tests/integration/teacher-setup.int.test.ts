// Everyday friction, item 8 (issue 33): a new teacher's setup. The dashboard's first-run checklist
// follows what the settings hold; confirming an order in the "manual" meeting mode without a
// default link says it needs a link and takes the one typed in the confirm dialog; a new default
// link can be given to the upcoming online lessons that have none or the old one.
import { beforeEach, describe, expect, it } from "vitest";
import { bookOnlinePackage, prepareBookingApp, romeDay } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let day = 20;
const nextDay = () => {
  day += 1;
  return day;
};

const linksOf = async (ids: string[]) =>
  (await db().booking.findMany({ where: { id: { in: ids } }, select: { meetingLink: true } })).map(
    (b) => b.meetingLink,
  );

beforeEach(async () => {
  await t.setSettings({
    bufferBetweenLessons: 0,
    maxAdvanceBooking: 90,
    autoConfirmBookings: false,
    defaultMeetingLink: null,
  });
  await db().adminSettings.update({
    where: { id: "site" },
    data: { meetingMode: "manual", maxPendingLessons: 100, paymentInstructions: "" },
  });
});

describe("the first-run checklist", () => {
  it("marks the meeting link and payment details done once the settings hold them", async () => {
    const before = await t.caller({ admin: t.admin }).admin.settings.setup();
    expect(before.items.meetingLink).toBe(false);
    expect(before.items.payment).toBe(false);
    expect(before.done).toBe(false);
    // The test server has no Google client: production's sign-in is still to set.
    expect(before.items.googleSignIn).toBe(false);

    await t.setSettings({ defaultMeetingLink: "https://meet.example/giulia" });
    await db().adminSettings.update({ where: { id: "site" }, data: { paymentInstructions: "IBAN IT00 X" } });
    const after = await t.caller({ admin: t.admin }).admin.settings.setup();
    expect(after.items).toMatchObject({ meetingLink: true, payment: true });

    // A Jitsi room per lesson counts as a meeting link too.
    await t.setSettings({ defaultMeetingLink: null });
    await db().adminSettings.update({ where: { id: "site" }, data: { meetingMode: "jitsi" } });
    expect((await t.caller({ admin: t.admin }).admin.settings.setup()).items.meetingLink).toBe(true);
  });

  it("is the teacher's only", async () => {
    const student = await t.createStudent();
    await expect(t.caller({ student }).admin.settings.setup()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("confirming an order without a meeting link", () => {
  it("says the order needs one, and gives its online lessons the link typed in the dialog", async () => {
    const student = await t.createStudent();
    const { order, bookings } = await bookOnlinePackage(t, student, romeDay(nextDay(), 9));
    const listed = (await t.caller({ admin: t.admin }).admin.orders.get({ id: order.id })).order;
    expect(listed.needs_meeting_link).toBe(true);

    const refused = await t.send("PUT", `/api/admin/orders/${order.id}`, {
      as: t.admin,
      payload: { status: "confirmed", meeting_link: "meet.example/no-scheme" },
    });
    expect(refused.statusCode).toBe(400);
    expect(await linksOf(bookings.map((b) => b.id))).toEqual([null, null, null, null, null]);

    const response = await t.send("PUT", `/api/admin/orders/${order.id}`, {
      as: t.admin,
      payload: { status: "confirmed", meeting_link: "https://meet.example/luca" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(new Set(await linksOf(bookings.map((b) => b.id)))).toEqual(new Set(["https://meet.example/luca"]));
    expect((await t.caller({ admin: t.admin }).admin.orders.get({ id: order.id })).order.needs_meeting_link).toBe(
      false,
    );
  });

  it("needs none when a default link is set", async () => {
    await t.setSettings({ defaultMeetingLink: "https://meet.example/giulia" });
    const student = await t.createStudent();
    const { order } = await bookOnlinePackage(t, student, romeDay(nextDay(), 9));
    expect((await t.caller({ admin: t.admin }).admin.orders.get({ id: order.id })).order.needs_meeting_link).toBe(
      false,
    );
  });
});

describe("a new default meeting link for the upcoming lessons", () => {
  it("replaces the old default and fills the empty ones, leaving a lesson's own link", async () => {
    await t.setSettings({ defaultMeetingLink: "https://meet.example/old" });
    const student = await t.createStudent();
    const { bookings } = await bookOnlinePackage(t, student, romeDay(nextDay(), 9));
    const ids = bookings.map((b) => b.id);
    await db().booking.update({ where: { id: ids[0] }, data: { meetingLink: "https://meet.example/own" } });
    await db().booking.update({ where: { id: ids[1] }, data: { meetingLink: null } });

    const result = await t.caller({ admin: t.admin }).admin.settings.applyMeetingLink({
      link: "https://meet.example/new",
      previous: "https://meet.example/old",
    });
    expect(result.updated).toBe(4);
    expect(await linksOf([ids[0]])).toEqual(["https://meet.example/own"]);
    expect(new Set(await linksOf(ids.slice(1)))).toEqual(new Set(["https://meet.example/new"]));

    await expect(
      t.caller({ admin: t.admin }).admin.settings.applyMeetingLink({ link: "http://insecure.example", previous: null }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
