import type { Db } from "../../db.ts";
import { insertAvailabilityRequest, listOpenRequestsWorded, runAsRequestSender } from "../booking/booking.data.ts";
import { outboxMail } from "../mail/mail.data.ts";
import { loadTeacherMail, queueEmails } from "../mail/mail.service.ts";
import { teacherNoticeEmail } from "../mail/mail.templates.ts";
import type { AvailabilityRequestInput } from "./availability.schemas.ts";

/**
 * How long the same words from the same address count as one request. A person who presses Send
 * again, or whose form is resubmitted, has already told the teacher; after a day, or once she
 * has handled the first, the same words are a new request.
 */
export const REPEAT_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a visitor's "Can't make any times work?" request for the teacher's inbox, and tells her.
 * An identical request (same address and content) within the window answers as the first did:
 * one inbox row, one email.
 */
export async function createAvailabilityRequest(
  db: Db,
  input: AvailabilityRequestInput,
  userId: string | null,
  publicUrl: string,
  now = new Date(),
) {
  const { ctx, teacherEmail } = await loadTeacherMail(db, { PUBLIC_URL: publicUrl });
  const words = {
    email: input.email.toLowerCase(),
    name: input.name,
    phone: input.phone || null,
    availability: input.availability,
    location: input.location,
  };
  const packageInfo = input.packageInfo ?? null;
  const teacherInfo = input.teacherInfo ?? null;
  const request = await runAsRequestSender(db, words.email, async (tx) => {
    const sameWords = await listOpenRequestsWorded(tx, words, new Date(now.getTime() - REPEAT_REQUEST_WINDOW_MS));
    const repeat = sameWords.find((r) => sameJson(r.packageInfo, packageInfo) && sameJson(r.teacherInfo, teacherInfo));
    if (repeat) return repeat;
    const created = await insertAvailabilityRequest(tx, {
      userId,
      ...words,
      packageInfo: (packageInfo ?? undefined) as never,
      teacherInfo: (teacherInfo ?? undefined) as never,
    });
    if (teacherEmail) {
      const notice = { kind: "teacher_availability_request", ...words } as const;
      const content = teacherNoticeEmail(notice, ctx);
      await queueEmails(tx, [
        outboxMail(notice.kind, teacherEmail, content, `teacher_availability_request:${created.id}`),
      ]);
    }
    return created;
  });
  return { success: true, id: request.id };
}

/** Equal JSON values whatever the order of their keys (a jsonb column gives them back reordered). */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
