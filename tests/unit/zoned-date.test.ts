// The booking steps' times without Intl (client/src/lib/zoned-date.ts, decision 0005) against Intl,
// from the offsets the server sends (server/features/availability/availability.ts).
import { runInNewContext } from "node:vm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  knownOffset,
  learnZoneOffsets,
  OWN_ZONE,
  ownClockDiffers,
  ownClockDiffersAt,
  ownClockLabel,
  zonedParts,
} from "../../client/src/lib/zoned-date.ts";
import { availabilityWindow, zoneOffsets } from "../../server/features/availability/availability.ts";
import { EARLY_CLICKS_SCRIPT, OTHER_ZONE_CLASS } from "../../shared/early-clicks.ts";

// Tests run in Asia/Kathmandu (vitest.config.ts): the visitor's own clock is UTC+5:45.

/** The availability window the server would send for the week of this Sunday, with its offsets. */
function grid(zone: string, sunday: string) {
  const window = availabilityWindow(DateTime.fromISO(sunday, { zone }), zone);
  return {
    timezone: zone,
    windowStart: window.start.toISOString(),
    windowEnd: window.end.toISOString(),
    zoneOffsets: zoneOffsets(zone, window),
  };
}

const intl = (zone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });

describe("times in a zone whose offsets the server sent, without Intl", () => {
  const zones = ["Europe/Rome", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"];

  // Every fourth week of a year, and the weeks of its clock changes in these zones.
  const SUNDAYS = [
    ...Array.from(
      { length: 13 },
      (_, i) =>
        DateTime.fromISO("2026-01-04")
          .plus({ weeks: 4 * i })
          .toISODate() ?? "",
    ),
    ...["2026-03-01", "2026-03-08", "2026-03-22", "2026-03-29", "2026-10-04", "2026-10-18", "2026-10-25"],
  ];

  it("reads every hour of windows through a year as Intl does", () => {
    for (const zone of zones) {
      const parts = intl(zone, {
        hourCycle: "h23",
        weekday: "long",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      });
      for (const sunday of SUNDAYS) {
        const g = grid(zone, sunday);
        learnZoneOffsets(g);
        for (let t = Date.parse(g.windowStart); t < Date.parse(g.windowEnd); t += 60 * 60_000) {
          const at = `${zone} ${new Date(t).toISOString()}`;
          expect(knownOffset(zone, t), at).toBe(DateTime.fromMillis(t, { zone }).offset);
          const expected = Object.fromEntries(parts.formatToParts(t).map((p) => [p.type, p.value]));
          const p = zonedParts(t, zone);
          expect(p, at).toEqual({
            weekday: expected.weekday,
            year: expected.year,
            month: expected.month,
            day: expected.day,
            hour: expected.hour,
            minute: expected.minute,
          });
        }
      }
    }
  }, 60_000); // 7.9 s was measured with other suites running beside it, past the 5 s default

  it("knows nothing outside the windows it learned", () => {
    learnZoneOffsets(grid("Europe/London", "2026-11-29"));
    expect(knownOffset("Europe/London", Date.parse("2026-12-01T10:00:00Z"))).toBe(0);
    expect(knownOffset("Europe/London", Date.parse("2027-06-01T10:00:00Z"))).toBeUndefined();
    expect(knownOffset("Europe/Berlin", Date.parse("2026-12-01T10:00:00Z"))).toBeUndefined();
  });

  it("reads the visitor's own clock with Date alone", () => {
    const t = Date.parse("2026-03-29T00:30:00Z");
    expect(knownOffset(OWN_ZONE, t)).toBe(345);
    expect(zonedParts(t, OWN_ZONE)).toMatchObject({ weekday: "Sunday", day: "29", hour: "06", minute: "15" });
    expect(ownClockLabel(new Date(t))).toBe("UTC+5:45");
  });
});

describe("whether the visitor's clock reads otherwise than the teacher's", () => {
  const rome = grid("Europe/Rome", "2026-11-29");
  const kathmandu = grid("Asia/Kathmandu", "2026-11-29");

  it("compares the clocks through the window", () => {
    expect(ownClockDiffers(rome)).toBe(true);
    expect(ownClockDiffers(kathmandu)).toBe(false);
    expect(ownClockDiffersAt(["2026-12-01T10:00:00Z"], "Europe/Rome")).toBe(true);
    // Another name for the same clock is the same clock.
    expect(ownClockDiffersAt(["2026-12-01T10:00:00Z"], "Asia/Katmandu")).toBe(false);
  });

  it("gives the page's start script the same answer before the app runs", () => {
    const startScript = (g: typeof rome) => {
      const classes = new Set<string>();
      const script = {
        dataset: {
          offsets: g.zoneOffsets.map((o) => `${Date.parse(o.from)}:${o.minutes}`).join(","),
          until: String(Date.parse(g.windowEnd)),
        },
      };
      const document = {
        currentScript: script,
        documentElement: { classList: { add: (name: string) => classes.add(name) } },
        addEventListener: () => {},
      };
      runInNewContext(EARLY_CLICKS_SCRIPT, {
        window: {},
        document,
        location: { search: "", pathname: "/book/schedule" },
        sessionStorage: { setItem: () => {} },
        URLSearchParams,
      });
      return classes.has(OTHER_ZONE_CLASS);
    };
    for (const g of [rome, kathmandu, grid("Europe/London", "2026-03-22"), grid("Asia/Kathmandu", "2026-03-22")]) {
      expect(startScript(g), g.timezone).toBe(ownClockDiffers(g));
    }
    expect(startScript(rome)).toBe(true);
    expect(startScript(kathmandu)).toBe(false);
  });
});
