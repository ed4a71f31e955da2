import { describe, expect, it } from "vitest";
import { formatDate, formatEuro, formatFileSize, formatTime } from "./format.ts";

describe("formatFileSize", () => {
  it("shows Bytes, KB, MB and GB, and 'Unknown size' when missing", () => {
    expect(formatFileSize(undefined)).toBe("Unknown size");
    expect(formatFileSize(null)).toBe("Unknown size");
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(8_400_000)).toBe("8.01 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });
});

describe("dates and money", () => {
  it("formats in the zone asked for, not the machine's (tests run in Asia/Kathmandu)", () => {
    const instant = "2026-03-03T09:00:00Z";
    expect(formatTime(instant, { timeZone: "Europe/Rome" })).toBe("10:00 AM");
    expect(formatTime(instant, { timeZone: "Europe/Rome", hour12: false })).toBe("10:00");
    // Half past midnight in Milano is 00:30 on a 24-hour clock, not 24:30.
    expect(formatTime("2026-03-02T23:30:00Z", { timeZone: "Europe/Rome", hour12: false })).toBe("00:30");
    expect(formatTime("2026-03-02T23:30:00Z", { timeZone: "Europe/Rome" })).toBe("12:30 AM");
    expect(formatDate(instant, { timeZone: "Europe/Rome", style: "long" })).toBe("Tuesday, March 3, 2026");
  });

  it("writes euro amounts", () => {
    expect(formatEuro(120)).toBe("€120");
    expect(formatEuro(22.5)).toBe("€22.50");
    expect(formatEuro(1200)).toBe("€1,200");
    expect(formatEuro(-5)).toBe("-€5");
  });

  it("writes euro amounts as en-IE's Intl would, without Intl", () => {
    const whole = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });
    const amounts = [
      0, 1, 9.99, 10.005, 22.5, 35, 99.995, 100, 999.5, 1000, 1234.56, 12345, 1_000_000, 0.125, -3.5, -1250,
    ];
    for (let cents100 = 0; cents100 < 300_00; cents100 += 37) amounts.push(cents100 / 100);
    for (const amount of amounts) {
      expect(formatEuro(amount), String(amount)).toBe(
        Number.isInteger(amount) ? whole.format(amount) : cents.format(amount),
      );
    }
  });
});
