import { describe, expect, it } from "vitest";
import { redactStoredEmail, traceRedactor } from "./redaction.ts";

const redact = traceRedactor({
  names: ["Al Rossi", "Al", "A"],
  emails: ["al.rossi+x@example.com"],
  phones: ["+39 333 1234567", "12"],
  texts: ["Mornings only, near Al's office", "B1"],
});

describe("traceRedactor", () => {
  it("replaces names, addresses, phones and free text, whatever their case", () => {
    expect(
      redact("AL ROSSI booked.\nContact: Al.Rossi+X@Example.com, +39 333 1234567\n\nmornings only, near al's office\n"),
    ).toBe("Deleted student booked.\nContact: [email removed], [phone removed]\n\n[text removed]\n");
  });

  it("leaves words that only contain a name, and strings too short to identify anyone", () => {
    expect(redact("Also Alberto: A B1 level, room 12. Al came.")).toBe(
      "Also Alberto: A B1 level, room 12. Deleted student came.",
    );
  });

  it("changes nothing without traces", () => {
    const none = traceRedactor({ names: [], emails: [], phones: [], texts: [] });
    expect(none("Al Rossi")).toBe("Al Rossi");
  });
});

describe("redactStoredEmail", () => {
  it("covers the subject, the body, the attachments and the last error", () => {
    const redacted = redactStoredEmail(
      {
        subject: "New booking: Al Rossi (Standard)",
        textBody: "Al Rossi booked.",
        attachments: [{ filename: "english-lesson.ics", contentType: "text/calendar", content: "SUMMARY:Al Rossi" }],
        lastError: "550 <al.rossi+x@example.com> unknown",
      },
      redact,
    );
    expect(redacted).toEqual({
      subject: "New booking: Deleted student (Standard)",
      textBody: "Deleted student booked.",
      attachments: [
        { filename: "english-lesson.ics", contentType: "text/calendar", content: "SUMMARY:Deleted student" },
      ],
      lastError: "550 <[email removed]> unknown",
    });
  });
});
