import { describe, expect, it } from "vitest";
import { jitsiRoomName, type MeetingRules, meetingLinkFollowing, meetingLinkFor } from "./meeting-room.ts";

const jitsi: MeetingRules = { mode: "jitsi", defaultLink: null, fixedLink: null, jitsiBaseUrl: "https://meet.jit.si" };

describe("a meeting room per lesson", () => {
  it("names each Jitsi room with 128 random bits: distinct every time, lower case, nothing to guess", () => {
    const names = Array.from({ length: 2000 }, () => jitsiRoomName());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^lesson-[0-9a-f]{32}$/);
    // Every hex digit is used in every position over many names: no fixed part beyond the prefix.
    const hex = names.map((n) => n.slice("lesson-".length));
    for (let position = 0; position < 32; position++) {
      expect(new Set(hex.map((h) => h[position])).size).toBe(16);
    }
    // Bits look uniform: about half of all bits set (4,096,000 bits drawn; 6 sigma is ±6,000).
    const ones = hex
      .join("")
      .split("")
      .reduce((n, d) => n + Number.parseInt(d, 16).toString(2).split("1").length - 1, 0);
    expect(Math.abs(ones - 2000 * 64)).toBeLessThan(6 * Math.sqrt(2000 * 128) * 0.5);
  });

  it("gives every online lesson its own room under the base address, an in-person lesson none", () => {
    const links = Array.from({ length: 50 }, () => meetingLinkFor(jitsi, "online"));
    expect(new Set(links).size).toBe(50);
    for (const link of links) expect(link).toMatch(/^https:\/\/meet\.jit\.si\/lesson-[0-9a-f]{32}$/);
    expect(meetingLinkFor(jitsi, "in-person")).toBeNull();
    expect(meetingLinkFor({ ...jitsi, jitsiBaseUrl: "https://jitsi.example.it/scuola" }, "online")).toMatch(
      /^https:\/\/jitsi\.example\.it\/scuola\/lesson-[0-9a-f]{32}$/,
    );
  });

  it("keeps the default link for manual, the personal room for fixed, and never copies a Jitsi room", () => {
    const manual: MeetingRules = { ...jitsi, mode: "manual", defaultLink: "https://meet.google.com/abc-defg-hij" };
    expect(meetingLinkFor(manual, "online")).toBe("https://meet.google.com/abc-defg-hij");
    expect(meetingLinkFor({ ...manual, defaultLink: null }, "online")).toBeNull();
    const fixed: MeetingRules = { ...manual, mode: "fixed", fixedLink: "https://zoom.us/j/123" };
    expect(meetingLinkFor(fixed, "online")).toBe("https://zoom.us/j/123");
    expect(meetingLinkFollowing(manual, "online", "https://meet.test/earlier")).toBe("https://meet.test/earlier");
    const earlier = "https://meet.jit.si/lesson-00000000000000000000000000000000";
    const next = meetingLinkFollowing(jitsi, "online", earlier);
    expect(next).not.toBe(earlier);
    expect(next).toMatch(/^https:\/\/meet\.jit\.si\/lesson-[0-9a-f]{32}$/);
  });
});
