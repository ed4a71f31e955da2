import { describe, expect, it } from "vitest";
import { dateKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import { formatAdminDate, formatAdminDateTime, formatClock } from "./admin-format.ts";

const rome = (dateFormat: string, timeFormat = "12h") => ({ dateFormat, timeFormat, timezone: "Europe/Rome" });

describe("admin date and time formats (System Preferences)", () => {
  it("writes the three date formats and both clocks in the teacher's zone, not the machine's", () => {
    const instant = "2027-03-27T23:30:00Z"; // already Sunday 28 March in Rome (00:30)
    expect(formatAdminDate(instant, rome("MM/DD/YYYY"))).toBe("03/28/2027");
    expect(formatAdminDate(instant, rome("DD/MM/YYYY"))).toBe("28/03/2027");
    expect(formatAdminDate(instant, rome("YYYY-MM-DD"), true)).toBe("Sunday, 2027-03-28");
    expect(formatAdminDateTime(instant, rome("YYYY-MM-DD", "24h"))).toBe("2027-03-28 00:30");
    expect(formatAdminDateTime(instant, rome("MM/DD/YYYY", "12h"))).toBe("03/28/2027 12:30 AM");
    expect(formatClock("14:45", rome("MM/DD/YYYY"))).toBe("2:45 PM");
    expect(formatClock("00:15", rome("MM/DD/YYYY"))).toBe("12:15 AM");
    expect(formatClock("14:45", rome("MM/DD/YYYY", "24h"))).toBe("14:45");
  });

  it("turns a wall-clock time in the zone into the right instant on both sides of a DST change", () => {
    expect(zonedInstant("2027-03-27", "09:00", "Europe/Rome").toISOString()).toBe("2027-03-27T08:00:00.000Z");
    expect(zonedInstant("2027-03-28", "09:00", "Europe/Rome").toISOString()).toBe("2027-03-28T07:00:00.000Z");
    expect(zonedInstant("2026-10-25", "09:00", "Europe/Rome").toISOString()).toBe("2026-10-25T08:00:00.000Z");
    expect(zonedInstant("2026-11-22", "00:00", "Asia/Tokyo").toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(dateKeyInZone("2026-11-21T23:30:00Z", "Europe/Rome")).toBe("2026-11-22");
  });
});
