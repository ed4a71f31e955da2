// Booking lessons: one slot or a whole package, all or nothing, priced by the server.

import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import {
  BOOKING_NOT_FOUND_MESSAGE,
  MIN_NOTICE_HOURS,
  STUDENT_DETAILS_MESSAGES,
  UNKNOWN_GROUP_NIGHT_MESSAGE,
  UNKNOWN_GROUP_PACKAGE_MESSAGE,
  UNKNOWN_PACKAGE_MESSAGE,
} from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.service.ts";
import {
  type LiveBookingRow,
  listLiveBookingsOverlapping,
  listSlotsOverlapping,
  readTeacherCalendar,
} from "../availability/availability.data.ts";
import { loadSiteRules, resolveTeachers, type SiteRules } from "../availability/availability.service.ts";
import {
  clashesWithLessons,
  type Interval,
  isOfferedByAvailability,
  lessonAt,
  lessonRefusal,
  slotMessage,
} from "../availability/availability.ts";
import { dayOffCovering } from "../availability/days-off.ts";
import { findDaysOffOverlapping } from "../availability/holidays.data.ts";
import type { BillingProfileRow } from "../billing/billing.data.ts";
import {
  type OrderPaymentDto,
  type PayableOrder,
  paymentDetailsFrom,
  paymentForMail,
  readPayeeProfile,
  setPayerBilling,
} from "../billing/billing.service.ts";
import { recordOrderCredits } from "../credits/credits.service.ts";
import type { NewOutboxEmail } from "../mail/mail.data.ts";
import { loadTeacherMail, mailContext, queueEmails } from "../mail/mail.service.ts";
import { type PaymentForMail, payOrderUrl } from "../mail/mail.templates.ts";
import { type BookingLearner, resolveBookingLearner, saveBookingLearner } from "../portal/learners.service.ts";
import { acceptWaitlistHolds, checkWaitlistHolds } from "../waitlist/waitlist-holds.ts";
import {
  type BookingRow,
  countStudentOrders,
  fillEmptyProfileFields,
  findActiveGroupEvent,
  findActiveGroupPackage,
  findBooking,
  findBookingLocale,
  findOrder,
  findOrderBookings,
  findSingleLessonPackage,
  findUserLocale,
  insertGroupSignup,
  insertOrderWithLessons,
  insertStandaloneGroupSignup,
  nextOrderNumber,
  type OrderRow,
  runInTransaction,
  runWithTeacherLock,
} from "./booking.data.ts";
import type {
  GroupConversationBookingInput,
  PackageBookingInput,
  SingleBookingInput,
  StudentInfoInput,
} from "./booking.schemas.ts";
import { buildBookingIcs } from "./booking-ics.ts";
import { bookingCreatedMails, groupSignupMail } from "./booking-mail.ts";
import { hashRequest, withIdempotency } from "./idempotency.service.ts";
import { meetingLinkFor } from "./meeting-room.ts";
import { amountDueCents, orderStatus } from "./order.service.ts";
import { ensurePendingRoom } from "./pending-hold.service.ts";
import {
  decideDiscount,
  loadGroupPackageOrFail,
  loadPackageOrFail,
  normaliseReferralCode,
  priceOrder,
} from "./pricing.service.ts";
import { lessonCountError } from "./pricing.ts";
import { consumeDiscount, recordFirstPackage, setReferralEarning } from "./referral.data.ts";
import { settleReferralReward } from "./referral.service.ts";
import { ensureWeeklyRoom } from "./weekly-cap.service.ts";

export type BookingDto = {
  id: string;
  order_id: string | null;
  lesson_date: string;
  end_date: string;
  status: string;
  lessonType: "online" | "in-person";
  teacher_id: string | null;
  teacher_name: string | null;
  location: string | null;
  google_meet_link: string | null;
};
export type OrderDto = {
  id: string;
  packageId: string;
  packageName: string;
  lessons: number;
  basePrice: number;
  groupPrice: number;
  discount: number;
  totalPrice: number;
};

export function toBookingDto(b: BookingRow): BookingDto {
  return {
    id: b.id,
    order_id: b.orderId,
    lesson_date: b.startsAt.toISOString(),
    end_date: b.endsAt.toISOString(),
    status: b.status,
    lessonType: b.lessonType === "in-person" ? "in-person" : "online",
    teacher_id: b.teacherId,
    teacher_name: b.teacher?.name ?? null,
    location: b.location,
    google_meet_link: b.meetingLink,
  };
}

function toOrderDto(o: Omit<OrderRow, "number" | "paymentStatus" | "paidCents">): OrderDto {
  return {
    id: o.id,
    packageId: o.packageId,
    packageName: o.package.name,
    lessons: o.lessons,
    basePrice: centsToEuro(o.basePriceCents),
    groupPrice: centsToEuro(o.groupPriceCents),
    discount: centsToEuro(o.discountCents),
    totalPrice: centsToEuro(o.totalPriceCents),
  };
}

export const takenMessage = (start: Date, zone: string) => slotMessage("errors.taken", start, zone);

/**
 * What the lessons say about their learner: the details form's answers, or what the teacher typed
 * booking for a student herself (a name and a phone or an email, no level or goals asked).
 */
type LessonInfo = Omit<StudentInfoInput, "english_level" | "lesson_focus"> & {
  english_level: StudentInfoInput["english_level"] | null;
  lesson_focus: string | null;
};

type LessonRequest = {
  /**
   * Who books (issue 32, item 6): the teacher for a student is held to her free time only (her
   * other lessons, her days off and her own calendar), not to her offer, the notice or the advance
   * limit; her lessons are confirmed, carry no referral discount and send her no notice.
   */
  by: "student" | "teacher";
  starts: string[];
  packageId: string | null;
  lessonType: "online" | "in-person";
  location: string | null | undefined;
  teacherId: string | null | undefined;
  groupAddOn: { event_id: string; package_id: string } | null | undefined;
  referralCode: string | null | undefined;
  studentInfo: LessonInfo;
  /** The order's language: the booking page's, else the account's. */
  locale: Locale | undefined;
  /** Fewer lessons than the package's may be booked now; the rest stay in the ledger (issue 30). */
  bookRestLater: boolean;
  /** Whom the lessons are for (issue 31); studentInfo's name and age answer are already theirs. */
  learner: BookingLearner;
};

function parseStarts(texts: string[]): Date[] {
  const starts = texts.map((text) => {
    const parsed = DateTime.fromISO(text, { setZone: true });
    // A bare date or a local time without an offset is ambiguous: only instants are accepted.
    const plausible = parsed.isValid && parsed.year >= 2000 && parsed.year <= 2200;
    if (!plausible || !/T\d{2}:\d{2}/.test(text) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
      throw new AppError("BAD_REQUEST", { key: "errors.invalidLessonDate", values: { text: text.slice(0, 40) } });
    }
    return parsed.toJSDate();
  });
  if (new Set(starts.map((d) => d.getTime())).size !== starts.length) {
    throw new AppError("BAD_REQUEST", "The same lesson time was selected twice. Please choose different times.");
  }
  return starts.sort((a, b) => a.getTime() - b.getTime());
}

/** Finds the teacher: the requested one, else the first active teacher whose availability offers every start. */
async function chooseTeacher(db: Db, teacherId: string | null | undefined, starts: Date[]) {
  const teachers = await resolveTeachers(db, teacherId);
  if (teachers.length === 0) throw new AppError("BAD_REQUEST", "No teacher is available for booking.");
  const from = starts[0];
  const to = lessonAt(starts[starts.length - 1]).end;
  const slots = await listSlotsOverlapping(
    db,
    teachers.map((t) => t.id),
    from,
    to,
    { offeredOnly: true },
  );
  const slotsOf = (id: string): Interval[] =>
    slots.filter((s) => s.teacherId === id).map((s) => ({ start: s.startsAt, end: s.endsAt }));
  const fit = teachers.find((t) => starts.every((s) => isOfferedByAvailability(s, slotsOf(t.id)))) ?? teachers[0];
  return { teacher: fit, slots: slotsOf(fit.id) };
}

/** The refusals that do not depend on other bookings: clear 400s before any lock is taken. */
export function checkStartsAgainstRules(starts: Date[], slots: Interval[], rules: SiteRules, now: Date) {
  for (const start of starts) {
    if (!isOfferedByAvailability(start, slots)) {
      throw new AppError("BAD_REQUEST", slotMessage("errors.lessonOnUnavailable", start, rules.zone));
    }
    const refusal = lessonRefusal(lessonAt(start), [], rules, now);
    if (refusal === "too-soon") {
      throw new AppError(
        "BAD_REQUEST",
        slotMessage("errors.minNotice", start, rules.zone, { hours: MIN_NOTICE_HOURS }),
      );
    }
    if (refusal === "too-far") {
      throw new AppError(
        "BAD_REQUEST",
        slotMessage("errors.maxAdvance", start, rules.zone, { days: rules.maxAdvanceDays }),
      );
    }
  }
}

/**
 * The teacher booking for a student: a time ahead, not on one of her days off. Her lessons and her
 * own calendar's busy times are checked under the lock, as a student's booking's are.
 */
async function checkTeacherIsFree(db: Db, teacherId: string, starts: Date[], rules: SiteRules, now: Date) {
  const past = starts.find((start) => start.getTime() <= now.getTime());
  if (past) throw new AppError("BAD_REQUEST", slotMessage("errors.teacherBookingPast", past, rules.zone));
  const last = lessonAt(starts[starts.length - 1]).end;
  const daysOff = await findDaysOffOverlapping(db, [teacherId], starts[0], last);
  const off = starts.find((start) =>
    dayOffCovering(daysOff, { startsAt: start, endsAt: lessonAt(start).end }, [teacherId]),
  );
  if (off) throw new AppError("BAD_REQUEST", slotMessage("errors.teacherBookingDayOff", off, rules.zone));
}

/** What the booking wrote, and what its order owes (the answer's `payment` is made from it). */
type BookingOutcome = { bookings: BookingDto[]; order: OrderDto; payable: PayableOrder };
/** The booking procedures' answer: the lessons, the order, and how to pay it (issue 30). */
type BookingAnswer = { bookings: BookingDto[]; order: OrderDto; payment: OrderPaymentDto };

/** What the teacher's live lessons say about the requested starts: the student's own, or a clash. */
function assessStarts(
  starts: Date[],
  live: { studentId: string | null; orderId: string | null; startsAt: Date; endsAt: Date }[],
  studentId: string,
  rules: SiteRules,
): { held: typeof live } | { taken: Date } | null {
  const wanted = new Set(starts.map((d) => d.getTime()));
  const held = live.filter((b) => b.studentId === studentId && wanted.has(b.startsAt.getTime()));
  if (held.length > 0) return { held };
  const busy = live.map((b) => ({ start: b.startsAt, end: b.endsAt }));
  // The overlap alone: the notice and the horizon were the first look's (a teacher's booking has none).
  const taken = starts.find((start) => clashesWithLessons(lessonAt(start), busy, rules.bufferMinutes));
  return taken ? { taken } : null;
}

/** Validate: the payload against the package, the place, the group add-on and the site's rules. */
async function validateBooking(db: Db, req: LessonRequest, now: Date) {
  const starts = parseStarts(req.starts);
  const [pkg, rules, choice, groupEvent, groupPackage, payee] = await Promise.all([
    req.packageId ? loadPackageOrFail(db, req.packageId) : findSingleLessonPackage(db),
    loadSiteRules(db),
    chooseTeacher(db, req.teacherId, starts),
    req.groupAddOn ? findActiveGroupEvent(db, req.groupAddOn.event_id) : null,
    req.groupAddOn ? findActiveGroupPackage(db, req.groupAddOn.package_id) : null,
    readPayeeProfile(db),
  ]);
  if (!pkg) throw new AppError("BAD_REQUEST", UNKNOWN_PACKAGE_MESSAGE);
  const countError = lessonCountError(pkg.lessons, starts.length, req.bookRestLater);
  if (countError) throw new AppError("BAD_REQUEST", countError);
  if ((pkg.lessonType === "online" || pkg.lessonType === "in-person") && req.lessonType !== pkg.lessonType) {
    throw new AppError("BAD_REQUEST", {
      key: "errors.packageType",
      values: { name: pkg.name, type: pkg.lessonType },
    });
  }
  const location =
    req.lessonType === "in-person" ? req.location?.trim() || req.studentInfo.preferred_location?.trim() || "" : "";
  if (req.lessonType === "in-person" && !location) {
    throw new AppError("BAD_REQUEST", STUDENT_DETAILS_MESSAGES.preferred_location);
  }
  if (req.groupAddOn && !groupEvent) throw new AppError("BAD_REQUEST", UNKNOWN_GROUP_NIGHT_MESSAGE);
  if (req.groupAddOn && !groupPackage) throw new AppError("BAD_REQUEST", UNKNOWN_GROUP_PACKAGE_MESSAGE);
  if (req.by === "teacher") await checkTeacherIsFree(db, choice.teacher.id, starts, rules, now);
  else checkStartsAgainstRules(starts, choice.slots, rules, now);
  const group = groupEvent && groupPackage ? { event: groupEvent, package: groupPackage } : null;
  // The teacher's lessons that could clash, buffers included.
  const margin = (rules.bufferMinutes + 60) * 60_000;
  const window = {
    start: new Date(starts[0].getTime() - margin),
    end: new Date(lessonAt(starts[starts.length - 1]).end.getTime() + margin),
  };
  return {
    starts,
    pkg,
    rules,
    teacher: choice.teacher,
    location,
    group,
    window,
    bookRestLater: req.bookRestLater,
    payee,
  };
}

type ValidBooking = Awaited<ReturnType<typeof validateBooking>>;

/**
 * The starts against the teacher's live lessons: a slot this student already holds (a
 * double-click or a retry) gets the first booking back, a taken slot is a CONFLICT.
 */
async function checkLiveLessons(q: Tx | Db, live: LiveBookingRow[], valid: ValidBooking, studentId: string) {
  const { starts, rules, pkg } = valid;
  const found = assessStarts(starts, live, studentId, rules);
  if (!found) return null;
  if ("taken" in found) throw new AppError("CONFLICT", takenMessage(found.taken, rules.zone));
  const held = found.held;
  const orderId = held[0].orderId;
  const sameOrder = orderId && held.length === starts.length && held.every((b) => b.orderId === orderId);
  const order = sameOrder ? await findOrder(q, orderId) : null;
  // A package booked in part (issue 30) is the same order with fewer of its lessons at these times;
  // the lessons booked later from its credits are not this request's.
  const sameSize = order && (order.lessons === starts.length || (valid.bookRestLater && starts.length < order.lessons));
  if (order && sameSize && order.packageId === pkg.id) {
    const wanted = new Set(starts.map((d) => d.getTime()));
    const all = await findOrderBookings(q, order.id);
    const bookings = all.filter((b) => wanted.has(b.startsAt.getTime()) && b.status !== "cancelled");
    const payable = {
      number: order.number,
      amountDueCents: amountDueCents(order, orderStatus(all)),
      teacherName: all[0]?.teacher?.name ?? null,
    };
    return { bookings: bookings.map(toBookingDto), order: toOrderDto(order), payable };
  }
  throw new AppError("CONFLICT", slotMessage("errors.alreadyBooked", held[0].startsAt, rules.zone));
}

const isGuardianBooking = (info: LessonInfo) => info.age_confirmation === "guardian";

/** One booking row per start, with what the student told us copied onto each. */
function lessonRows(
  valid: ValidBooking,
  student: SessionUser,
  req: LessonRequest,
  orderId: string,
  status: "confirmed" | "pending",
) {
  const info = req.studentInfo;
  const guardian = isGuardianBooking(info);
  return valid.starts.map((start) => {
    const lesson = lessonAt(start);
    return {
      id: randomUUID(),
      orderId,
      studentId: student.id,
      teacherId: valid.teacher.id,
      startsAt: lesson.start,
      endsAt: lesson.end,
      status,
      lessonType: req.lessonType,
      // Each lesson its own: a Jitsi room per lesson, never shared by the lessons of an order.
      meetingLink: meetingLinkFor(valid.rules.meetings, req.lessonType),
      location: req.lessonType === "in-person" ? valid.location : null,
      studentName: info.name,
      studentEmail: student.email.toLowerCase(),
      studentPhone: info.phone || null,
      englishLevel: info.english_level,
      lessonFocus: info.lesson_focus,
      preferredType: info.preferred_type || null,
      preferredLocation: info.preferred_location || null,
      studentNotes: info.notes || null,
      studentTimezone: info.timezone ?? null,
      bookedBy: guardian ? "guardian" : "learner",
      guardianName: guardian ? student.name : null,
      // Set under the booking's lock, where a learner named for the first time is created.
      learnerId: null as string | null,
    };
  });
}

/**
 * Plan: the rows and the mail, ids included, made before the lock (calendar files carry the
 * booking ids) so the locked part only checks and writes.
 */
function planBooking(
  valid: ValidBooking,
  student: SessionUser,
  req: LessonRequest,
  publicUrl: string,
  locale: Locale,
  payment: PlannedPayment,
) {
  const { pkg, rules, teacher, group } = valid;
  const info = req.studentInfo;
  const email = student.email.toLowerCase();
  const orderId = payment.orderId;
  // The teacher's own booking is her confirmation.
  const status = rules.autoConfirm || req.by === "teacher" ? ("confirmed" as const) : ("pending" as const);
  const rows = lessonRows(valid, student, req, orderId, status);
  const ctx = mailContext({
    publicUrl,
    teacherName: teacher.name,
    teacherZone: rules.zone,
    studentZone: info.timezone ?? null,
    // The student's mail and calendar files speak the order's language; the teacher's notice hers.
    locale,
    teacherLocale: rules.teacherLocale,
  });
  const groupMails: NewOutboxEmail[] = [];
  // The amount due is known once the order is priced under the lock: the mail is written then.
  const mailsFor = (mailPayment: PaymentForMail) => [
    ...bookingCreatedMails({
      ctx,
      student: { name: info.name, email, phone: info.phone, guardianName: rows[0]?.guardianName ?? null },
      // She booked it herself: no notice to her of her own booking.
      teacher: { name: teacher.name, email: req.by === "teacher" ? null : teacher.email },
      packageName: pkg.name,
      bookings: rows.map((r) => ({ ...r, icsSequence: 0 })),
      orderId,
      payment: mailPayment,
    }),
    ...groupMails,
  ];
  const signup = group && {
    id: randomUUID(),
    userId: student.id,
    orderId,
    eventId: group.event.id,
    groupPackageId: group.package.id,
    name: info.name,
    email,
    phone: info.phone,
    priceCents: group.package.totalPriceCents,
  };
  if (signup && group) {
    groupMails.push(
      ...groupSignupMail(ctx, teacher.email, {
        id: signup.id,
        name: info.name,
        email,
        phone: info.phone,
        night: groupNight(group.event),
        packageName: group.package.name,
      }),
    );
  }
  return {
    by: req.by,
    orderId,
    status,
    rows,
    learner: req.learner,
    learnerDetails: { level: info.english_level, goals: info.lesson_focus || null, phone: info.phone },
    mailsFor,
    signup,
    email,
    friendName: (isGuardianBooking(info) ? student.name : info.name) || student.name,
  };
}

type BookingPlan = ReturnType<typeof planBooking>;

/**
 * Commit, under the teacher's lock: re-check what may have changed since the first look, then
 * write the order, its lessons, the discount's use, the group signup and the referral, all or nothing.
 */
function commitBooking(
  db: Db,
  valid: ValidBooking,
  plan: BookingPlan,
  payment: PlannedPayment,
  student: SessionUser,
  referral: { code: string | null | undefined; discount: Discount },
  locale: Locale,
  now: Date,
): Promise<BookingOutcome> {
  const { starts, pkg, rules, teacher, group, window } = valid;
  const taken = takenMessage(starts[0], rules.zone);
  return runWithTeacherLock(
    db,
    teacher.id,
    async (tx: Tx) => {
      // Re-check under the lock: bookings and their buffers committed since the first look, and
      // the availability (the teacher's removal of a slot takes the same lock, so it is either
      // wholly before this read or after the commit).
      const calendar = await readTeacherCalendar(tx, teacher.id, window, {
        start: starts[0],
        end: lessonAt(starts[starts.length - 1]).end,
      });
      const replayedNow = await checkLiveLessons(tx, calendar.live, valid, student.id);
      if (replayedNow) return replayedNow;
      // A busy time of the teacher's own calendar that a refresh stored since the first look (the
      // refresh writes under this same lock) refuses the time as a taken slot does.
      const calendarBusy = calendar.calendarBusy.map((b) => ({ start: b.startsAt, end: b.endsAt }));
      const blocked = starts.find((start) => clashesWithLessons(lessonAt(start), calendarBusy, rules.bufferMinutes));
      if (blocked && plan.by === "teacher") {
        // Her own calendar says she is busy then: she frees the time there, not by overriding it here.
        throw new AppError("CONFLICT", slotMessage("errors.teacherBookingCalendarBusy", blocked, rules.zone));
      }
      if (blocked) throw new AppError("CONFLICT", takenMessage(blocked, rules.zone));
      const slotsNow = calendar.slots.map((s) => ({ start: s.startsAt, end: s.endsAt }));
      const withdrawn = plan.by === "student" && starts.find((start) => !isOfferedByAvailability(start, slotsNow));
      if (withdrawn) {
        throw new AppError("CONFLICT", slotMessage("errors.withdrawn", withdrawn, rules.zone));
      }
      // A time the waitlist holds for another family is taken for everyone else (issue 31, item 3).
      const holds = await checkWaitlistHolds(tx, { teacherId: teacher.id, starts, studentId: student.id, now, taken });

      // An account past its cap of unpaid pending lessons is refused here, under its own lock as
      // well, so two bookings of one account at once cannot both pass it (issue 27).
      if (plan.status === "pending") await ensurePendingRoom(tx, student.id, plan.rows.length, now);

      // A newcomer's discount holds for the first order only: re-read it if another order won.
      const applied =
        referral.discount?.kind === "newcomer" && (await countStudentOrders(tx, student.id)) > 0
          ? await decideDiscount(tx, student.id, referral.code)
          : referral.discount;
      const price = priceOrder(pkg, group?.package.totalPriceCents ?? 0, applied);
      const order = {
        id: plan.orderId,
        studentId: student.id,
        packageId: pkg.id,
        lessons: pkg.lessons,
        ...price,
        referralCode: normaliseReferralCode(referral.code),
        locale,
        number: payment.number,
      };
      const mailPayment = await payment.forMail(price.totalPriceCents);
      const learnerId = await saveBookingLearner(tx, student.id, plan.learner, plan.learnerDetails);
      for (const row of plan.rows) row.learnerId = learnerId;
      // A weekly cap the teacher set on this learner or the family (issue 31, item 7) binds the
      // family's bookings; the teacher booking for them decides for herself, as with her moves.
      if (plan.by === "student")
        await ensureWeeklyRoom(tx, { accountId: student.id, learnerId, starts, zone: rules.zone });
      await insertOrderWithLessons(tx, order, plan.rows, plan.mailsFor(mailPayment), taken);
      await acceptWaitlistHolds(tx, holds, plan.rows, now);
      // What the details step asked goes to the profile where it is empty, so nothing is asked
      // twice; a guardian's level and goals are the learner's, not the account holder's.
      const [first] = plan.rows;
      await fillEmptyProfileFields(tx, student.id, {
        phone: first.studentPhone,
        ...(first.bookedBy === "guardian" ? {} : { englishLevel: first.englishLevel, lessonFocus: first.lessonFocus }),
      });
      await recordOrderCredits(tx, {
        studentId: student.id,
        orderId: order.id,
        lessons: pkg.lessons,
        bookingIds: plan.rows.map((row) => row.id),
        now,
        expiryMonths: rules.creditExpiryMonths,
        zone: rules.zone,
      });
      await recordOrderExtras(tx, applied, plan, student.id, price.discountCents, now);
      const bookings = plan.rows.map((row) =>
        toBookingDto({ ...row, icsSequence: 0, teacher: { name: teacher.name } }),
      );
      const payable = { number: payment.number, amountDueCents: price.totalPriceCents, teacherName: teacher.name };
      return { bookings, order: toOrderDto({ ...order, package: { name: pkg.name } }), payable };
    },
    taken,
  );
}

type Discount = Awaited<ReturnType<typeof decideDiscount>>;

/** After the order's rows: a reward is spent (once), the group signup written, a newcomer's first package recorded. */
async function recordOrderExtras(
  tx: Tx,
  applied: Discount,
  plan: BookingPlan,
  studentId: string,
  discountCents: number,
  now: Date,
) {
  if (applied?.kind === "reward") {
    if (!(await consumeDiscount(tx, applied.discountId, plan.orderId, discountCents, now))) {
      throw new AppError(
        "CONFLICT",
        "Your referral reward was just used by another booking. Please review the price and try again.",
      );
    }
    if (applied.referralId) await setReferralEarning(tx, applied.referralId, discountCents);
  }
  if (plan.signup) await insertGroupSignup(tx, plan.signup);
  if (applied?.kind === "newcomer") {
    const referralId = await recordFirstPackage(tx, {
      referrerId: applied.referrerId,
      friendId: studentId,
      friendEmail: plan.email,
      friendName: plan.friendName,
      orderId: plan.orderId,
    });
    // Auto-confirmed lessons are the teacher's confirmation: the reward is granted at once.
    if (referralId && plan.status === "confirmed") await settleReferralReward(tx, plan.orderId, now);
  }
}

/**
 * The order's number and its mail's payment block, prepared before the lock for the price the
 * order will most likely have (the QR code is a few milliseconds of work the teacher's other
 * bookings need not wait for); made again under the lock only if the price turned out otherwise.
 */
async function planPayment(db: Db, valid: ValidBooking, predictedCents: number, publicUrl: string) {
  const orderId = randomUUID();
  const number = await nextOrderNumber(db);
  const make = async (amountDueCents: number): Promise<PaymentForMail> => ({
    ...(await paymentForMail(
      valid.payee,
      { number, amountDueCents, teacherName: valid.teacher.name },
      valid.rules.paymentInstructions,
    )),
    orderUrl: payOrderUrl({ publicUrl }, orderId),
  });
  const predicted = await make(predictedCents);
  return {
    orderId,
    number,
    forMail: (totalPriceCents: number) =>
      totalPriceCents === predictedCents ? Promise.resolve(predicted) : make(totalPriceCents),
  };
}
type PlannedPayment = Awaited<ReturnType<typeof planPayment>>;

/** The answer: the outcome with how to pay its order, written outside the lock. */
async function answerOf(outcome: BookingOutcome, payee: BillingProfileRow, instructions: string) {
  const { payable, ...rest } = outcome;
  return { ...rest, payment: await paymentDetailsFrom(payee, payable, instructions) };
}

/** Validate, plan, commit; a taken slot or a retry is answered before any of the booking's reads. */
async function bookLessons(
  db: Db,
  student: SessionUser,
  req: LessonRequest,
  now: Date,
  publicUrl: string,
): Promise<BookingAnswer> {
  const valid = await validateBooking(db, req, now);
  const instructions = valid.rules.paymentInstructions;
  // A first look without the lock: a taken slot or a retry is answered at once, without queueing
  // behind other bookings of the teacher, and without the reads only a booking needs.
  const live = await listLiveBookingsOverlapping(db, [valid.teacher.id], valid.window.start, valid.window.end);
  const replayed = await checkLiveLessons(db, live, valid, student.id);
  if (replayed) return answerOf(replayed, valid.payee, instructions);
  const discount = req.by === "teacher" ? null : await decideDiscount(db, student.id, req.referralCode);
  const locale = req.locale ?? (await findUserLocale(db, student.id));
  const predicted = priceOrder(valid.pkg, valid.group?.package.totalPriceCents ?? 0, discount).totalPriceCents;
  const payment = await planPayment(db, valid, predicted, publicUrl);
  const plan = planBooking(valid, student, req, publicUrl, locale, payment);
  const outcome = await commitBooking(
    db,
    valid,
    plan,
    payment,
    student,
    { code: req.referralCode, discount },
    locale,
    now,
  );
  return answerOf(outcome, valid.payee, instructions);
}

/** The night as the teacher's notice names it, in her language (mail.templates.ts). */
const groupNight = (e: { dayOfWeek: string; time: string; location: string }) => ({
  dayOfWeek: e.dayOfWeek,
  time: e.time,
  location: e.location,
});

/** `publicUrl` builds the links and calendar UIDs of the mail the booking queues. */
export type BookingOptions = { publicUrl: string; idempotencyKey?: string | null; now?: Date };

/**
 * The request behind either payload, under its idempotency key (the header's, else the body's);
 * `answer` shapes the outcome inside, so a replay returns the stored answer as it was given.
 */
function bookOnce<T>(
  db: Db,
  student: SessionUser,
  kind: "booking" | "package",
  input: SingleBookingInput | PackageBookingInput,
  lesson: { starts: string[]; packageId: string | null },
  opts: BookingOptions,
  answer: (outcome: BookingAnswer) => T,
) {
  const { idempotencyKey, ...payload } = input;
  return withIdempotency(
    db,
    student.id,
    opts.idempotencyKey ?? idempotencyKey,
    hashRequest(kind, payload),
    async () => {
      const info = input.studentInfo;
      const learner = await resolveBookingLearner(db, student.id, input.learner_id, {
        name: info.name,
        guardian: isGuardianBooking(info),
        ageGroup: info.age_group,
      });
      // A learner named by id gives the lessons their name, and whether a guardian booked them.
      const studentInfo: StudentInfoInput =
        learner.kind === "existing"
          ? { ...info, name: learner.name, age_confirmation: learner.isSelf ? "adult" : "guardian" }
          : info;
      const req: LessonRequest = {
        by: "student",
        ...lesson,
        lessonType: input.lessonType,
        location: input.location,
        teacherId: input.teacher_id,
        groupAddOn: input.group_conversation,
        referralCode: input.referralCode,
        studentInfo,
        locale: input.locale,
        bookRestLater: input.bookRestLater === true,
        learner,
      };
      // Kept on the account whatever becomes of the lessons: given once, as on the profile.
      if (input.billing) await setPayerBilling(db, student.id, input.billing);
      return answer(await bookLessons(db, student, req, opts.now ?? new Date(), opts.publicUrl));
    },
    opts.now,
  );
}

/** What the teacher books for a family (issue 32, item 6): one lesson, of a package or on its own. */
export type TeacherLessonRequest = {
  start: string;
  packageId: string | null;
  lessonType: "online" | "in-person";
  location: string | null | undefined;
  teacherId: string;
  learner: BookingLearner;
  /** The learner's name as the lessons carry it, and the family's phone, if she has one. */
  name: string;
  phone: string | null;
  isGuardian: boolean;
  locale: Locale | undefined;
};

/**
 * The teacher books a lesson for a family, as a normal booking: the order (the whole package,
 * its other lessons left in the family's ledger), the credits, the family's email and calendar
 * file. The order waits for her payment as any other; she records it as she records others.
 */
export async function bookAsTeacher(db: Db, family: SessionUser, input: TeacherLessonRequest, opts: BookingOptions) {
  const req: LessonRequest = {
    by: "teacher",
    starts: [input.start],
    packageId: input.packageId,
    lessonType: input.lessonType,
    location: input.location,
    teacherId: input.teacherId,
    groupAddOn: null,
    referralCode: null,
    studentInfo: {
      name: input.name,
      phone: input.phone ?? "",
      english_level: null,
      lesson_focus: null,
      age_confirmation: input.isGuardian ? "guardian" : "adult",
    },
    locale: input.locale,
    bookRestLater: true,
    learner: input.learner,
  };
  const answer = await bookLessons(db, family, req, opts.now ?? new Date(), opts.publicUrl);
  return { booking: answer.bookings[0], order: answer.order, payment: answer.payment };
}

/** One lesson (the spec's single booking payload). */
export function createBooking(db: Db, student: SessionUser, input: SingleBookingInput, opts: BookingOptions) {
  const lesson = { starts: [input.lesson_date], packageId: input.packageId ?? null };
  return bookOnce(db, student, "booking", input, lesson, opts, (o) => ({
    booking: o.bookings[0],
    order: o.order,
    payment: o.payment,
  }));
}

/** Several lessons of one package, all or nothing (the spec's package payload). */
export function createPackageBooking(db: Db, student: SessionUser, input: PackageBookingInput, opts: BookingOptions) {
  const lesson = { starts: input.lesson_dates, packageId: input.packageInfo.id };
  return bookOnce(db, student, "package", input, lesson, opts, (outcome) => outcome);
}

export type BookingViewer = { studentId: string | null; isAdmin: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A booking for its student or an admin; anyone else learns nothing, not even that it exists. */
async function loadVisibleBooking(db: Db, id: string, viewer: BookingViewer) {
  if (!viewer.studentId && !viewer.isAdmin) throw new AppError("UNAUTHORIZED", "Please sign in to see this booking.");
  const booking = UUID.test(id) ? await findBooking(db, id) : null;
  if (!booking || !(viewer.isAdmin || (viewer.studentId && booking.studentId === viewer.studentId))) {
    throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  }
  return booking;
}

export async function getVisibleBooking(db: Db, id: string, viewer: BookingViewer): Promise<BookingDto> {
  return toBookingDto(await loadVisibleBooking(db, id, viewer));
}

export async function getBookingIcs(db: Db, id: string, viewer: BookingViewer, host: string) {
  const booking = await loadVisibleBooking(db, id, viewer);
  const ics = buildBookingIcs(
    {
      id: booking.id,
      startsAt: booking.startsAt,
      status: booking.status,
      lessonType: booking.lessonType,
      meetingLink: booking.meetingLink,
      location: booking.location,
      icsSequence: booking.icsSequence,
      teacherName: booking.teacher?.name ?? null,
    },
    host,
    // The language of the lesson's order, else its student's: the file reads as its emails' did.
    await findBookingLocale(db, booking.id),
  );
  const day = DateTime.fromJSDate(booking.startsAt, { zone: "utc" }).toFormat("yyyy-LL-dd");
  return { ics, filename: `english-lesson-${day}-${booking.id.slice(0, 8)}.ics` };
}

/**
 * The group conversation nights on their own (POST /api/group-conversation/book). A repeat while
 * the teacher has not handled the first sign-up answers with that sign-up: no second inbox row,
 * no second email.
 */
export async function bookGroupConversation(
  db: Db,
  student: SessionUser,
  input: GroupConversationBookingInput,
  publicUrl: string,
) {
  const event = await findActiveGroupEvent(db, input.event_id);
  if (!event) throw new AppError("BAD_REQUEST", UNKNOWN_GROUP_NIGHT_MESSAGE);
  const groupPackage = await loadGroupPackageOrFail(db, input.package_id);
  const { ctx, teacherEmail } = await loadTeacherMail(db, { PUBLIC_URL: publicUrl });
  const name = input.name?.trim() || student.name;
  const email = student.email.toLowerCase();
  const phone = input.phone?.trim() || null;
  const signup = await runInTransaction(db, async (tx) => {
    const saved = await insertStandaloneGroupSignup(tx, {
      userId: student.id,
      eventId: event.id,
      groupPackageId: groupPackage.id,
      name,
      email,
      phone,
      priceCents: groupPackage.totalPriceCents,
    });
    if (!saved.created) return saved;
    await queueEmails(
      tx,
      groupSignupMail(ctx, teacherEmail, {
        id: saved.id,
        name,
        email,
        phone,
        night: groupNight(event),
        packageName: groupPackage.name,
      }),
    );
    return saved;
  });
  return { success: true as const, signupId: signup.id };
}
