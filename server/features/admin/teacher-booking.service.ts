// The teacher books for a student (issue 32, item 6): a walk-in, a booking made on WhatsApp or by
// phone. The student is a learner she picks (any family's: she teaches them all) or a new one she
// enters by name with a phone or an email; the lesson is then booked as any other (booking.service
// `bookAsTeacher`), held only to her free time.
//
// A new student's family is an account created beforehand by its email, as the seeded teacher's
// and the demo student's are (`ensureUserByEmail`): no Google sign-in, claimed by the family the
// first time they sign in with that address (account.service `resolveAccount`). A second walk-in
// with the same email finds the same family. A family with a phone only has an address made of
// the phone under a domain that never receives mail (shared/constants `NO_EMAIL_DOMAIN`).

import { TEACHER_BOOKING_STUDENT_NOT_FOUND_MESSAGE, TEACHER_BOOKING_WHO_MESSAGE } from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { NO_EMAIL_DOMAIN } from "../../../shared/no-email.ts";
import { newReferralCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { ensureUserByEmail, findAccountById } from "../auth/account.data.ts";
import type { SessionUser } from "../auth/session.data.ts";
import { type BookingOptions, bookAsTeacher } from "../booking/booking.service.ts";
import { findLearnerWithAccount } from "../portal/learners.data.ts";
import { type BookingLearner, learnerNameKey } from "../portal/learners.service.ts";
import type { TeacherBookingInput } from "./admin.schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Student = { family: SessionUser; learner: BookingLearner; name: string; isGuardian: boolean };

/** The account address of a family known by its phone only: the same phone, the same family. */
const phoneOnlyAddress = (phone: string) => `phone-${phone.replace(/\D/g, "")}@${NO_EMAIL_DOMAIN}`;

/**
 * `student_id` is a learner (the family's lessons name them), or a family's account, whose own
 * learner the lessons are for (created under the booking's lock, as a booking's named learner is).
 */
async function findStudent(db: Db, id: string): Promise<Student> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", TEACHER_BOOKING_STUDENT_NOT_FOUND_MESSAGE);
  const learner = await findLearnerWithAccount(db, id);
  if (learner) {
    return {
      family: learner.account,
      learner: { kind: "existing", id: learner.id, name: learner.name, isSelf: learner.isSelf },
      name: learner.name,
      isGuardian: !learner.isSelf,
    };
  }
  const account = await findAccountById(db, id);
  if (!account) throw new AppError("NOT_FOUND", TEACHER_BOOKING_STUDENT_NOT_FOUND_MESSAGE);
  return {
    family: account,
    learner: { kind: "named", name: account.name, ageGroup: "adult", asSelf: true },
    name: account.name,
    isGuardian: false,
  };
}

/** A new student: the family found by its email (or phone), else created; the learner by name. */
async function enterStudent(
  db: Db,
  student: NonNullable<TeacherBookingInput["student"]>,
  locale: Locale,
): Promise<Student> {
  const name = student.name.trim();
  const email = student.email ? student.email.trim().toLowerCase() : phoneOnlyAddress(student.phone ?? "");
  const created = await ensureUserByEmail(db, email, {
    name,
    phone: student.phone || null,
    referralCode: newReferralCode(),
    locale,
  });
  const family = await findAccountById(db, created.id);
  if (!family) throw new AppError("NOT_FOUND", TEACHER_BOOKING_STUDENT_NOT_FOUND_MESSAGE);
  // The account holder themself when the name is theirs; another name is a learner of the family.
  const isSelf = learnerNameKey(family.name) === learnerNameKey(name);
  return {
    family,
    learner: { kind: "named", name, ageGroup: isSelf ? "adult" : "child", asSelf: isSelf },
    name,
    isGuardian: !isSelf,
  };
}

async function studentOf(db: Db, input: TeacherBookingInput, locale: Locale) {
  if (input.student_id) return findStudent(db, input.student_id);
  if (input.student) return enterStudent(db, input.student, locale);
  throw new AppError("BAD_REQUEST", TEACHER_BOOKING_WHO_MESSAGE);
}

export async function bookForStudent(
  db: Db,
  teacherId: string,
  input: TeacherBookingInput,
  locale: Locale,
  opts: BookingOptions,
) {
  const student = await studentOf(db, input, locale);
  const answer = await bookAsTeacher(
    db,
    student.family,
    {
      start: input.lesson_date,
      packageId: input.packageId || null,
      lessonType: input.lessonType,
      location: input.location,
      teacherId,
      learner: student.learner,
      name: student.name,
      phone: input.student?.phone || null,
      isGuardian: student.isGuardian,
      // A new family's mail speaks the teacher's page's language; a known one's, the account's.
      locale: input.student_id ? input.locale : (input.locale ?? locale),
    },
    opts,
  );
  return { ...answer, student: { id: student.family.id, name: student.name } };
}
