import type { AvailabilityRequestInput } from "../../../shared/booking-schemas.ts";
import type { Db } from "../../db.ts";
import { outboxMail } from "../mail/mail.data.ts";
import { loadTeacherMail, queueEmails } from "../mail/mail.service.ts";
import { teacherNoticeEmail } from "../mail/mail.templates.ts";
import { insertAvailabilityRequest, runInTransaction } from "./booking.data.ts";

/** Stores a visitor's "Can't make any times work?" request for the teacher's inbox, and tells her. */
export async function createAvailabilityRequest(
  db: Db,
  input: AvailabilityRequestInput,
  userId: string | null,
  publicUrl: string,
) {
  const { ctx, teacherEmail } = await loadTeacherMail(db, { PUBLIC_URL: publicUrl });
  const email = input.email.toLowerCase();
  const request = await runInTransaction(db, async (tx) => {
    const created = await insertAvailabilityRequest(tx, {
      userId,
      name: input.name,
      email,
      phone: input.phone || null,
      availability: input.availability,
      location: input.location,
      packageInfo: (input.packageInfo ?? undefined) as never,
      teacherInfo: (input.teacherInfo ?? undefined) as never,
    });
    if (teacherEmail) {
      const notice = {
        kind: "teacher_availability_request",
        name: input.name,
        email,
        phone: input.phone || null,
        availability: input.availability,
        location: input.location,
      } as const;
      const content = teacherNoticeEmail(notice, ctx);
      await queueEmails(tx, [
        outboxMail(notice.kind, teacherEmail, content, `teacher_availability_request:${created.id}`),
      ]);
    }
    return created;
  });
  return { success: true, id: request.id };
}
