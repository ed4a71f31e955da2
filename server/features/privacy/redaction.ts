// How a deleted student's traces leave the messages that stay in the outbox (the teacher's copies:
// new bookings, sign-ups, availability and cancellation requests). The messages stay so the
// teacher still sees that something happened; who it was, and what they wrote, goes.

/** What identifies one person in text: every form of it the site ever stored. */
export type PersonTraces = {
  names: string[];
  emails: string[];
  phones: string[];
  /** Free text they wrote: availability, cancellation reasons, notes, places. */
  texts: string[];
};

/** What the teacher's records call a student who deleted their account. */
export const DELETED_STUDENT_NAME = "Deleted student";
export const REMOVED_EMAIL = "[email removed]";
export const REMOVED_PHONE = "[phone removed]";
export const REMOVED_TEXT = "[text removed]";

// Shorter strings are not identifying and would only blank unrelated words ("B1", "a").
const MIN_LENGTH = { names: 2, emails: 3, phones: 5, texts: 3 } as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One replacer for all of a person's traces. Longer strings go first, so a name inside a longer
 * free text is taken with that text; a match must not sit inside a longer word ("Al" in "Also").
 */
export function traceRedactor(traces: PersonTraces): (text: string) => string {
  const replacements = new Map<string, string>();
  const add = (kind: keyof PersonTraces, replacement: string) => {
    for (const raw of traces[kind]) {
      const value = raw.trim();
      if (value.length >= MIN_LENGTH[kind] && !replacements.has(value.toLowerCase())) {
        replacements.set(value.toLowerCase(), replacement);
      }
    }
  };
  add("emails", REMOVED_EMAIL);
  add("phones", REMOVED_PHONE);
  add("texts", REMOVED_TEXT);
  add("names", DELETED_STUDENT_NAME);
  const needles = [...replacements.keys()].sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${needles.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  return (text) => text.replace(pattern, (match) => replacements.get(match.toLowerCase()) ?? REMOVED_TEXT);
}

export type StoredAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };

/** A stored message with the person's traces replaced in everything a reader sees. */
export function redactStoredEmail<
  M extends { subject: string; textBody: string; attachments: unknown; lastError: string | null },
>(message: M, redact: (text: string) => string): Pick<M, "subject" | "textBody" | "attachments" | "lastError"> {
  const attachments = Array.isArray(message.attachments)
    ? (message.attachments as StoredAttachment[]).map((a) => ({
        ...a,
        filename: redact(a.filename),
        // Base64 (a PDF, the payment's QR code) holds no text a name could be found in: redacting it
        // could only corrupt it.
        content: a.encoding === "base64" ? a.content : redact(a.content),
      }))
    : message.attachments;
  return {
    subject: redact(message.subject),
    textBody: redact(message.textBody),
    attachments,
    lastError: message.lastError === null ? null : redact(message.lastError),
  };
}
