import { describe, expect, it } from "vitest";
import { filterResources, truncate } from "./resource-filter.ts";

const files = [
  { title: "Phrasal Verbs", description: "For meetings", file_type: "document" },
  { title: "Podcast", description: "Small TALK at work", file_type: "audio" },
  { title: "Site", description: null, file_type: "link" },
];
const notes = [
  { teacher_note: "Great progress with the Present Perfect", tags: ["grammar"] },
  { teacher_note: "Practise questions", tags: ["Speaking"] },
];

describe("resource search and filters", () => {
  it("searches file title/description and note text/tags, case-insensitively", () => {
    const r = filterResources(files, notes, "talk", "all");
    expect(r.files.map((f) => f.title)).toEqual(["Podcast"]);
    expect(filterResources(files, notes, "PRESENT", "all").notes).toHaveLength(1);
    expect(filterResources(files, notes, "speak", "all").notes.map((n) => n.teacher_note)).toEqual([
      "Practise questions",
    ]);
    expect(filterResources(files, notes, "phrasal", "all").files).toHaveLength(1);
  });
  it("filters by type; notes shows only notes", () => {
    expect(filterResources(files, notes, "", "audio").files.map((f) => f.file_type)).toEqual(["audio"]);
    expect(filterResources(files, notes, "", "audio").showNotes).toBe(false);
    expect(filterResources(files, notes, "", "links").files).toHaveLength(1);
    const onlyNotes = filterResources(files, notes, "", "notes");
    expect(onlyNotes).toMatchObject({ showFiles: false, files: [] });
    expect(onlyNotes.notes).toHaveLength(2);
  });
  it("truncates at 150 / 35 characters", () => {
    expect(truncate("a".repeat(150), 150)).toBe("a".repeat(150));
    expect(truncate("a".repeat(151), 150)).toBe(`${"a".repeat(150)}...`);
    expect(truncate("x".repeat(36), 35)).toHaveLength(38);
  });
});
