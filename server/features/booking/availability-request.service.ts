import type { AvailabilityRequestInput } from "../../../shared/booking-schemas.ts";
import type { Db } from "../../db.ts";
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
      const notice = teacherNoticeEmail(
        {
          kind: "teacher_availability_request",
          name: input.name,
          email,
          phone: input.phone || null,
          availability: input.availability,
          location: input.location,
        },
        ctx,
      );
      await queueEmails(tx, [
        {
          kind: "teacher_availability_request",
          toAddress: teacherEmail,
          subject: notice.subject,
          textBody: notice.text,
          dedupeKey: `teacher_availability_request:${created.id}`,
        },
      ]);
    }
    return created;
  });
  return { success: true, id: request.id };
}
