// The admin's availability listing (issue 28, item 2): admin.availability.list, GET
// /api/admin/availability and an admin's GET /api/availability are one listing with one limit.
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { prepareBookingApp, ZONE } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
const LIMIT_MESSAGE = "Ask for at most 120 days at once.";

describe("the admin's availability listing", () => {
  const today = DateTime.now().setZone(ZONE).startOf("day");

  /** The admin's GET /api/availability from today, its last day the one before `end`. */
  const gridUntil = (end: DateTime) =>
    t.send("GET", `/api/availability?startDate=${today.toISODate()}&endDate=${end.minus({ days: 1 }).toISODate()}`, {
      as: t.admin,
    });
  /** The admin's GET /api/admin/availability for [today, end). */
  const restUntil = (end: DateTime) =>
    t.send(
      "GET",
      `/api/admin/availability?start=${encodeURIComponent(today.toISO() ?? "")}&end=${encodeURIComponent(end.toISO() ?? "")}`,
      { as: t.admin },
    );

  it("answers 120 days on every path", async () => {
    const end = today.plus({ days: 120 });
    const grid = await gridUntil(end);
    expect(grid.statusCode).toBe(200);
    const rest = await restUntil(end);
    expect(rest.statusCode).toBe(200);
    const listed = await t
      .caller({ admin: t.admin })
      .admin.availability.list({ start: today.toJSDate(), end: end.toJSDate() });
    expect(listed.slots).toEqual(rest.json().slots);
  });

  it("refuses more than 120 days with the same sentence on every path", async () => {
    const end = today.plus({ days: 121 });
    const grid = await gridUntil(end);
    expect(grid.statusCode).toBe(400);
    expect(grid.json().error).toBe(LIMIT_MESSAGE);
    const rest = await restUntil(end);
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error).toBe(LIMIT_MESSAGE);
    await expect(
      t.caller({ admin: t.admin }).admin.availability.list({ start: today.toJSDate(), end: end.toJSDate() }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: LIMIT_MESSAGE });
  });
});
