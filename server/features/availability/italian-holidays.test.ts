import { describe, expect, it } from "vitest";
import { easterSunday, holidayName, italianHolidays } from "./italian-holidays.ts";

const NATIONAL = ["01-01", "01-06", "04-25", "05-01", "06-02", "08-15", "11-01", "12-08", "12-25", "12-26"];

describe("Italy's public holidays and Milano's Sant'Ambrogio", () => {
  it("computes Easter Sunday (Meeus) for known years, March and April alike", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2285)).toBe("2285-03-22");
  });

  it.each([
    [2026, "2026-04-05", "2026-04-06"],
    [2027, "2027-03-28", "2027-03-29"],
  ])("lists every holiday of %i in date order, Easter Monday included", (year, easter, easterMonday) => {
    const list = italianHolidays(year);
    const dates = list.map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    for (const day of NATIONAL) expect(dates).toContain(`${year}-${day}`);
    expect(list).toContainEqual({ date: easter, holiday: "easter" });
    expect(list).toContainEqual({ date: easterMonday, holiday: "easterMonday" });
    expect(list).toContainEqual({ date: `${year}-12-07`, holiday: "santAmbrogio" });
    // San Francesco, 4 October, a national holiday again from 2026 (legge 151/2025).
    expect(list).toContainEqual({ date: `${year}-10-04`, holiday: "stFrancis" });
    // The ten fixed national days, Easter Sunday and Monday, 4 October and Sant'Ambrogio.
    expect(list).toHaveLength(14);
  });

  it("leaves 4 October out before 2026, when it was not a holiday", () => {
    expect(italianHolidays(2025).map((h) => h.date)).not.toContain("2025-10-04");
    expect(italianHolidays(2025)).toHaveLength(13);
  });

  it("names each holiday in English and Italian from the catalogue", () => {
    expect(holidayName("easterMonday", "en")).toBe("Easter Monday");
    expect(holidayName("easterMonday", "it")).toBe("Lunedì dell'Angelo (Pasquetta)");
    expect(holidayName("santAmbrogio", "it")).toBe("Sant'Ambrogio, patrono di Milano");
    for (const { holiday } of italianHolidays(2027)) {
      expect(holidayName(holiday, "en")).not.toMatch(/^email\./);
      expect(holidayName(holiday, "it")).not.toBe(holidayName(holiday, "en"));
    }
  });
});
