import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { errorText } from "../../server/errors.ts";
import {
  expandWeeklySchedule,
  templateProblems,
  templateProblemsText,
  weeklyRepeats,
} from "../../server/features/availability/weekly-template.ts";
import { detectStoredFileType } from "../../server/features/files/file-type.ts";
import {
  conflictsWithAny,
  findOverlappingPairs,
  isValidSlot,
  parseTags,
  timeChoices,
} from "../../shared/admin-rules.ts";
import { TINY_PNG } from "../helpers/upload-fixtures.ts";

describe("slot conflict detection", () => {
  it("refuses partial overlap and containment, allows touching slots", () => {
    const existing = [{ start: 600, end: 660 }]; // 10:00-11:00
    expect(conflictsWithAny({ start: 630, end: 690 }, existing)).toBe(true);
    expect(conflictsWithAny({ start: 570, end: 630 }, existing)).toBe(true);
    expect(conflictsWithAny({ start: 610, end: 620 }, existing)).toBe(true);
    expect(conflictsWithAny({ start: 540, end: 720 }, existing)).toBe(true);
    expect(conflictsWithAny({ start: 660, end: 720 }, existing)).toBe(false);
    expect(conflictsWithAny({ start: 540, end: 600 }, existing)).toBe(false);
    expect(conflictsWithAny({ start: 540, end: 600 }, [])).toBe(false);
  });

  it("lists overlapping pairs within a day and validates end after start", () => {
    expect(
      findOverlappingPairs([
        { startTime: "09:00", endTime: "10:00" },
        { startTime: "10:00", endTime: "11:00" },
        { startTime: "09:45", endTime: "10:15" },
      ]),
    ).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(isValidSlot({ startTime: "10:00", endTime: "10:00" })).toBe(false);
    expect(isValidSlot({ startTime: "10:15", endTime: "10:00" })).toBe(false);
    expect(isValidSlot({ startTime: "10:00", endTime: "10:15" })).toBe(true);
    expect(
      findOverlappingPairs([
        { startTime: "11:00", endTime: "09:00" },
        { startTime: "09:30", endTime: "10:00" },
      ]),
    ).toEqual([]);
  });

  it("offers times in 15-minute steps across the day", () => {
    const choices = timeChoices();
    expect(choices).toHaveLength(96);
    expect(choices.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(choices.at(-1)).toBe("23:45");
  });
});

describe("weekly template expansion", () => {
  const zone = "Europe/Rome";

  it("makes 12 weeks of slots at the same wall-clock time across the October DST change", () => {
    const now = DateTime.fromISO("2026-10-01T12:00:00", { zone }).toJSDate(); // a Thursday
    const slots = expandWeeklySchedule(
      [
        { dayOfWeek: 1, startTime: "09:00", duration: 60 },
        { dayOfWeek: 1, startTime: "14:30", duration: 90 },
      ],
      { weeksAhead: 12, zone, now },
    );
    expect(slots).toHaveLength(24);
    for (const s of slots) {
      const local = DateTime.fromJSDate(s.startsAt).setZone(zone);
      expect(local.weekday).toBe(1);
      expect(["09:00", "14:30"]).toContain(local.toFormat("HH:mm"));
    }
    const nines = slots.filter((s) => DateTime.fromJSDate(s.startsAt).setZone(zone).hour === 9);
    // Before 25 October Rome is UTC+2, after it UTC+1: the UTC hour moves, the local one does not.
    expect(nines[0].startsAt.toISOString()).toBe("2026-10-05T07:00:00.000Z");
    expect(nines.find((s) => s.startsAt.toISOString().startsWith("2026-10-26"))?.startsAt.toISOString()).toBe(
      "2026-10-26T08:00:00.000Z",
    );
    expect((nines[0].endsAt.getTime() - nines[0].startsAt.getTime()) / 60_000).toBe(60);
  });

  it("handles the March change and skips occurrences already started", () => {
    const now = DateTime.fromISO("2027-03-21T10:00:00", { zone }).toJSDate(); // Sunday 10:00
    const slots = expandWeeklySchedule(
      [
        { dayOfWeek: 0, startTime: "09:00", duration: 60 },
        { dayOfWeek: 0, startTime: "18:00", duration: 60 },
      ],
      { weeksAhead: 2, zone, now },
    );
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      "2027-03-21T17:00:00.000Z", // today 18:00, UTC+1 (09:00 has passed)
      "2027-03-28T07:00:00.000Z", // DST day: 09:00 is UTC+2
      "2027-03-28T16:00:00.000Z",
    ]);
  });

  it("is independent of the process time zone (tests run in Asia/Kathmandu)", () => {
    const now = new Date("2026-12-31T23:30:00Z"); // 00:30 on Friday 1 January in Rome
    const [first] = expandWeeklySchedule([{ dayOfWeek: 5, startTime: "08:00", duration: 30 }], {
      weeksAhead: 1,
      zone,
      now,
    });
    expect(first.startsAt.toISOString()).toBe("2027-01-01T07:00:00.000Z");
  });

  it("repeats a single weekly slot at the same local time", () => {
    const first = DateTime.fromISO("2026-10-19T09:00:00", { zone }).toJSDate();
    const repeats = weeklyRepeats(first, 60, 12, zone);
    expect(repeats).toHaveLength(12);
    expect(
      repeats.every((r) => DateTime.fromJSDate(r.startsAt).setZone(zone).toFormat("ccc HH:mm") === "Mon 09:00"),
    ).toBe(true);
  });

  it("reports overlaps within a day and slots past midnight", () => {
    expect(
      templateProblems([
        { dayOfWeek: 2, startTime: "10:00", duration: 60 },
        { dayOfWeek: 2, startTime: "10:30", duration: 30 },
      ]),
    ).toHaveLength(1);
    expect(
      templateProblems([
        { dayOfWeek: 2, startTime: "10:00", duration: 60 },
        { dayOfWeek: 3, startTime: "10:30", duration: 30 },
      ]),
    ).toEqual([]);
    expect(templateProblems([{ dayOfWeek: 6, startTime: "23:30", duration: 60 }])).toEqual([
      { kind: "pastMidnight", dayOfWeek: 6, startTime: "23:30" },
    ]);
  });

  it("words the refusal in the reader's language, English as it always was", () => {
    const problems = templateProblems([
      { dayOfWeek: 1, startTime: "09:00", duration: 60 },
      { dayOfWeek: 1, startTime: "09:30", duration: 60 },
      { dayOfWeek: 0, startTime: "23:30", duration: 60 },
    ]);
    const text = templateProblemsText(problems);
    expect(errorText(text, "en")).toBe(
      "Time conflicts in the weekly schedule: Sunday 23:30: a slot must end by midnight. Monday: 09:00-10:00 overlaps 09:30-10:30.",
    );
    expect(errorText(text, "it")).toBe(
      "Controlla l'orario settimanale: Domenica 23:30: ogni orario deve finire entro mezzanotte. Lunedì: 09:00-10:00 si sovrappone a 09:30-10:30.",
    );
  });
});

describe("tag parsing", () => {
  it("splits on commas, trims, drops empties and duplicates", () => {
    expect(parseTags(" grammar, ,speaking ,, Grammar ,exam prep ")).toEqual(["grammar", "speaking", "exam prep"]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags(["a, b", " c "])).toEqual(["a", "b", "c"]);
  });
});

/** A ZIP archive of stored (uncompressed) entries: what an Office document is, at its smallest. */
function zipOf(entries: Record<string, string>) {
  const parts: Buffer[] = [];
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "latin1");
    const data = Buffer.from(text, "latin1");
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    parts.push(header, nameBytes, data);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** Uploads are typed once stored, so each sample is written to a file first. */
async function detectFileType(content: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), "file-type-"));
  try {
    await writeFile(path.join(dir, "upload"), content);
    return await detectStoredFileType(path.join(dir, "upload"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("file type by content", () => {
  it("knows the allow-list by content and refuses the rest", async () => {
    const b = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
    const docx = zipOf({
      "[Content_Types].xml":
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      "word/document.xml": "<w:document/>",
    });
    const mp3 = new Uint8Array(
      Buffer.concat([b("ID3\x03\x00\x00\x00\x00\x00\x00"), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]),
    );
    expect((await detectFileType(b("%PDF-1.4 ...")))?.mime).toBe("application/pdf");
    expect((await detectFileType(new Uint8Array(TINY_PNG)))?.category).toBe("image");
    expect((await detectFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])))?.mime).toBe("image/jpeg");
    expect((await detectFileType(mp3))?.category).toBe("audio");
    expect((await detectFileType(b("\x00\x00\x00\x18ftypmp42....")))?.category).toBe("video");
    expect((await detectFileType(b("\x00\x00\x00\x18ftypM4A ....")))?.category).toBe("audio");
    expect((await detectFileType(docx))?.ext).toBe("docx");
    expect(await detectFileType(zipOf({ "evil.exe": "MZ" }))).toBeNull();
    expect(await detectFileType(b("PK\x03\x04....evil.exe"))).toBeNull();
    expect(await detectFileType(b("<html><script>"))).toBeNull();
    expect(await detectFileType(b('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(await detectFileType(b("MZ\x90\x00"))).toBeNull();
  });
});
