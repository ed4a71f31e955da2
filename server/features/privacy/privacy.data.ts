// Every query behind "Download my data" and "Delete my account". Each one is scoped by the
// student's id (or their email, for rows written before they signed in), so nothing of another
// student is ever read or changed.
import { ACCOUNT_DELETED_REASON } from "../../../shared/constants.ts";
import type { Db, Tx } from "../../db.ts";
import { availabilityRequestSelect, groupSignupSelect } from "../admin/admin.data.ts";
import { sharedFileContentSelect } from "../admin/shared-files.data.ts";
import { bookingStudentInfoSelect, orderPricesSelect } from "../booking/booking.data.ts";
import { listCreditEntries } from "../credits/credits.data.ts";
import { DOWNLOAD_PREFIX } from "../files/files.data.ts";
import { insertOutboxEmails, lessonFactsSelect, type NewOutboxEmail } from "../mail/mail.data.ts";
import {
  cancellationRequestSelect,
  lessonCreditSelect,
  profileSelect,
  referralMadeSelect,
} from "../portal/portal.data.ts";
import { quizResultDetailSelect } from "../quiz/quiz.data.ts";
import { reportSelect } from "../reports/reports.data.ts";
import { DELETED_STUDENT_NAME, type PersonTraces, redactStoredEmail, traceRedactor } from "./redaction.ts";

export type CancelledLesson = { id: string; startsAt: Date; teacherEmail: string | null };

export function findAccount(db: Db, userId: string) {
  return db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      googleSub: true,
      name: true,
      isAdmin: true,
      teacher: { select: { id: true } },
    },
  });
}

/** Awaits the queries together, each result under its query's name. */
async function awaitEach<T extends Record<string, PromiseLike<unknown>>>(queries: T) {
  const results = await Promise.all(Object.entries(queries).map(async ([name, query]) => [name, await query]));
  return Object.fromEntries(results) as { [K in keyof T]: Awaited<T[K]> };
}

/** Everything stored about one student, as rows; the service shapes them into the export. */
export function loadStudentData(db: Db, userId: string) {
  return awaitEach({
    profile: db.user.findUnique({
      where: { id: userId },
      select: { ...profileSelect, updatedAt: true },
    }),
    bookings: db.booking.findMany({
      where: { studentId: userId },
      orderBy: { startsAt: "asc" },
      select: {
        ...lessonFactsSelect,
        orderId: true,
        notes: true,
        ...bookingStudentInfoSelect,
        studentNotes: true,
        bookedBy: true,
        guardianName: true,
        cancelledAt: true,
        cancellationReason: true,
        createdAt: true,
      },
    }),
    orders: db.bookingOrder.findMany({
      where: { studentId: userId },
      orderBy: { createdAt: "asc" },
      select: {
        ...orderPricesSelect,
        referralCode: true,
        paymentStatus: true,
        paidCents: true,
        paidOn: true,
        createdAt: true,
      },
    }),
    referralsMade: db.referral.findMany({
      where: { referrerId: userId },
      orderBy: { createdAt: "asc" },
      select: referralMadeSelect,
    }),
    // Only the fact that they were referred: the referrer's identity is someone else's data.
    referralsReceived: db.referral.findMany({
      where: { referredUserId: userId },
      select: { id: true, status: true, createdAt: true },
    }),
    discounts: db.discount.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        percentage: true,
        amountCents: true,
        usedOrderId: true,
        usedAt: true,
        withdrawnAt: true,
        createdAt: true,
      },
    }),
    quizResults: db.quizResult.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { id: true, ...quizResultDetailSelect, createdAt: true },
    }),
    quizAttempts: db.quizAttempt.findMany({
      where: { userId },
      orderBy: { startedAt: "asc" },
      select: {
        id: true,
        quizType: true,
        quizLevel: true,
        quizConcept: true,
        title: true,
        variant: true,
        startedAt: true,
        deadlineAt: true,
        submittedAt: true,
        answers: true,
      },
    }),
    // Files the teacher deactivated are hers to withhold: students never see them (spec), not even here.
    sharedFiles: db.sharedFile.findMany({
      where: { studentId: userId, isActive: true },
      orderBy: { createdAt: "asc" },
      select: { ...sharedFileContentSelect, isActive: true },
    }),
    notes: db.studentNote.findMany({
      where: { studentId: userId, isPrivate: false },
      orderBy: { noteDate: "asc" },
      select: { id: true, bookingId: true, teacherNote: true, noteDate: true, tags: true, createdAt: true },
    }),
    cancellationRequests: db.cancellationRequest.findMany({
      where: { studentId: userId },
      orderBy: { createdAt: "asc" },
      select: cancellationRequestSelect,
    }),
    // Issue 31, item 2: the teacher's reports on their lessons, as the family reads them.
    lessonReports: db.lessonReport.findMany({
      where: { studentId: userId },
      orderBy: { createdAt: "asc" },
      select: reportSelect,
    }),
    lessonCredits: db.lessonCredit.findMany({
      where: { studentId: userId },
      orderBy: { createdAt: "asc" },
      select: lessonCreditSelect,
    }),
    creditEntries: listCreditEntries(db, userId),
    fileAccessLogs: db.fileAccessLog.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { id: true, fileId: true, accessType: true, createdAt: true },
    }),
    uploads: db.upload.findMany({
      where: { ownerId: userId },
      orderBy: { createdAt: "asc" },
      select: { storedName: true, originalName: true, mimeType: true, size: true, kind: true, createdAt: true },
    }),
    groupSignups: db.groupSignup.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { ...groupSignupSelect, eventId: true, groupPackageId: true },
    }),
    availabilityRequests: db.availabilityRequest.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: availabilityRequestSelect,
    }),
    sessions: db.session.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { kind: true, createdAt: true, expiresAt: true },
    }),
  });
}

const present = (values: (string | null | undefined)[]) => values.filter((v): v is string => Boolean(v?.trim()));

/**
 * Every form of the person the site stored (the account's name and address, what they typed into
 * bookings, requests and sign-ups, what others called them), and the ids the dedupe keys of mail
 * about them name (`teacher_new_booking:<order id>`, `teacher_cancellation:<lesson id>:<version>`…).
 */
async function findPersonTraces(tx: Tx, userId: string, email: string) {
  const byEmail = { equals: email, mode: "insensitive" } as const;
  const rows = await awaitEach({
    user: tx.user.findUnique({
      where: { id: userId },
      select: { name: true, phone: true, notes: true, lessonFocus: true, preferredLocation: true },
    }),
    bookings: tx.booking.findMany({
      where: { studentId: userId },
      select: {
        id: true,
        orderId: true,
        studentName: true,
        guardianName: true,
        studentEmail: true,
        studentPhone: true,
        studentNotes: true,
        lessonFocus: true,
        preferredLocation: true,
        lessonType: true,
        location: true,
        cancellationReason: true,
      },
    }),
    requests: tx.availabilityRequest.findMany({
      where: { OR: [{ userId }, { email: byEmail }] },
      select: { id: true, name: true, email: true, phone: true, availability: true, location: true },
    }),
    signups: tx.groupSignup.findMany({
      where: { OR: [{ userId }, { email: byEmail }] },
      select: { id: true, name: true, email: true, phone: true },
    }),
    referralsIn: tx.referral.findMany({
      where: { OR: [{ referredUserId: userId }, { referredEmail: byEmail }] },
      select: { id: true, referredName: true },
    }),
    referralsOut: tx.referral.findMany({ where: { referrerId: userId }, select: { id: true } }),
    cancellations: tx.cancellationRequest.findMany({
      where: { studentId: userId },
      select: { id: true, reason: true },
    }),
    results: tx.quizResult.findMany({ where: { userId }, select: { id: true, certificateName: true } }),
    files: tx.sharedFile.findMany({ where: { studentId: userId }, select: { id: true, fileUrl: true } }),
    notes: tx.studentNote.findMany({ where: { studentId: userId }, select: { id: true } }),
    learners: tx.learner.findMany({ where: { accountId: userId }, select: { name: true } }),
  });
  const { user, bookings, requests, signups, referralsIn } = rows;
  const traces: PersonTraces = {
    names: present([
      user?.name,
      ...bookings.flatMap((b) => [b.studentName, b.guardianName]),
      ...rows.learners.map((l) => l.name),
      ...requests.map((r) => r.name),
      ...signups.map((s) => s.name),
      ...referralsIn.map((r) => r.referredName),
      ...rows.results.map((r) => r.certificateName),
    ]),
    emails: present([
      email,
      ...bookings.map((b) => b.studentEmail),
      ...requests.map((r) => r.email),
      ...signups.map((s) => s.email),
    ]),
    phones: present([
      user?.phone,
      ...bookings.map((b) => b.studentPhone),
      ...requests.map((r) => r.phone),
      ...signups.map((s) => s.phone),
    ]),
    texts: present([
      user?.notes,
      user?.lessonFocus,
      user?.preferredLocation,
      ...bookings.flatMap((b) => [
        b.studentNotes,
        b.lessonFocus,
        b.preferredLocation,
        b.cancellationReason,
        // An in-person lesson's place is where the student asked to meet: often their home.
        b.lessonType === "in-person" ? b.location : null,
      ]),
      ...requests.flatMap((r) => [r.availability, r.location]),
      ...rows.cancellations.map((c) => c.reason),
    ]),
  };
  const ids = [
    ...bookings.flatMap((b) => [b.id, b.orderId]),
    ...[
      requests,
      signups,
      referralsIn,
      rows.referralsOut,
      rows.cancellations,
      rows.results,
      rows.files,
      rows.notes,
    ].flatMap((list) => list.map((r) => r.id)),
  ].filter((id): id is string => id !== null);
  const sharedUploads = rows.files
    .filter((f) => f.fileUrl.startsWith(DOWNLOAD_PREFIX))
    .map((f) => f.fileUrl.slice(DOWNLOAD_PREFIX.length));
  // Their own addresses: the account's, which their lessons carry. An address typed into a form
  // (a sign-up, a request) may be someone else's, so it is only ever blanked inside their messages.
  const addresses = [...new Set([email, ...bookings.map((b) => b.studentEmail)].map((e) => e.trim().toLowerCase()))];
  return { traces, addresses, ids: [...new Set(ids)], sharedUploads };
}

/**
 * Files the teacher uploaded and shared with them stay hers (her library, maybe shared with
 * others too), but the names she gave them lose the student's name.
 */
async function redactSharedUploadNames(tx: Tx, storedNames: string[], redact: (text: string) => string) {
  const uploads = await tx.upload.findMany({
    where: { storedName: { in: storedNames } },
    select: { storedName: true, originalName: true },
  });
  for (const upload of uploads) {
    const originalName = redact(upload.originalName);
    if (originalName !== upload.originalName) {
      await tx.upload.update({
        where: { storedName: upload.storedName },
        data: { originalName },
        select: { storedName: true },
      });
    }
  }
}

/**
 * The outbox after the person left: mail to them goes whatever its status (held, sent or failed
 * mail is a copy of what the site said to them), and mail about them (the teacher's notices, an
 * invitation naming them) stays with their name, addresses, phone and words replaced. Mail about
 * them is found by the ids in its dedupe key, or by their own address in its text.
 */
async function eraseOutboxTraces(
  tx: Tx,
  found: { addresses: string[]; ids: string[] },
  redact: (text: string) => string,
) {
  const { addresses, ids } = found;
  const matched = await tx.$queryRaw<{ id: string; toAddress: string }[]>`
    SELECT o."id", o."toAddress" FROM "OutboxEmail" AS o
    WHERE lower(o."toAddress") IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))
       OR string_to_array(coalesce(o."dedupeKey", ''), ':') && ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
       OR EXISTS (
         SELECT 1 FROM jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) AS n(v)
         WHERE strpos(lower(concat_ws(' ', o."subject", o."textBody", o."attachments"::text, o."lastError")), n.v) > 0)
    FOR UPDATE`;
  const toThem = new Set(addresses);
  const addressed = matched.filter((m) => toThem.has(m.toAddress.toLowerCase())).map((m) => m.id);
  const about = matched.filter((m) => !toThem.has(m.toAddress.toLowerCase())).map((m) => m.id);
  await tx.outboxEmail.deleteMany({ where: { id: { in: addressed } } });
  if (about.length === 0) return;
  const messages = await tx.outboxEmail.findMany({
    where: { id: { in: about } },
    select: { id: true, subject: true, textBody: true, attachments: true, lastError: true },
  });
  for (const message of messages) {
    const { attachments, ...text } = redactStoredEmail(message, redact);
    await tx.outboxEmail.update({
      where: { id: message.id },
      data: { ...text, ...(Array.isArray(attachments) ? { attachments } : {}) },
      select: { id: true },
    });
  }
}

/**
 * Erases one student in a single transaction: lessons and orders stay in the teacher's records
 * without anything that identifies the student, upcoming lessons are cancelled (their slots free
 * up), and everything else about them goes. Returns the stored names of their uploads so the
 * caller can remove the files once the transaction has committed.
 */
export function eraseStudent(
  db: Db,
  userId: string,
  email: string,
  now: Date,
  noticesFor: (cancelled: CancelledLesson[]) => NewOutboxEmail[],
  referral: {
    /** Keyed hashes of the account's sub and email, kept if it ever ordered (once-per-person discount). */
    erasedKeys: string[];
    /** Runs on each order whose lessons were just cancelled (a friend's reward may be withdrawn). */
    settleOrder: (tx: Tx, orderId: string) => Promise<void>;
  },
) {
  return db.$transaction(
    async (tx) => {
      const uploads = await tx.upload.findMany({ where: { ownerId: userId }, select: { storedName: true } });
      const upcoming = await tx.booking.findMany({
        where: { studentId: userId, status: { in: ["pending", "confirmed"] }, startsAt: { gt: now } },
        orderBy: { startsAt: "asc" },
        select: { id: true, orderId: true, startsAt: true, teacher: { select: { email: true } } },
      });
      const orderIds = [...new Set(upcoming.map((l) => l.orderId).filter((id) => id !== null))];
      // The orders before their lessons, in the order the teacher's status changes take them.
      for (const orderId of orderIds) {
        await tx.$queryRaw`SELECT "id" FROM "BookingOrder" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
      }
      const hasOrdered = (await tx.bookingOrder.count({ where: { studentId: userId } })) > 0;
      if (hasOrdered && referral.erasedKeys.length > 0) {
        await tx.erasedCustomer.createMany({
          data: referral.erasedKeys.map((keyHash) => ({ keyHash })),
          skipDuplicates: true,
        });
      }

      // Read before anything below changes what the rows say about them.
      const { traces, addresses, ids, sharedUploads } = await findPersonTraces(tx, userId, email);
      const redact = traceRedactor(traces);
      await eraseOutboxTraces(tx, { addresses, ids }, redact);
      await redactSharedUploadNames(tx, sharedUploads, redact);

      // Reasons the student wrote for earlier cancellations go; the one set just below is ours.
      await tx.booking.updateMany({ where: { studentId: userId }, data: { cancellationReason: null } });
      const cancelled = await tx.booking.updateMany({
        where: { studentId: userId, status: { in: ["pending", "confirmed"] }, startsAt: { gt: now } },
        data: {
          status: "cancelled",
          cancelledAt: now,
          cancellationReason: ACCOUNT_DELETED_REASON,
          icsSequence: { increment: 1 },
        },
      });
      for (const orderId of orderIds) await referral.settleOrder(tx, orderId);
      const anonymised = await tx.booking.updateMany({
        where: { studentId: userId },
        data: {
          studentId: null,
          studentName: DELETED_STUDENT_NAME,
          guardianName: null,
          studentEmail: "",
          studentPhone: null,
          englishLevel: null,
          lessonFocus: null,
          preferredType: null,
          preferredLocation: null,
          studentNotes: null,
          notes: null,
          // The place an in-person lesson met (often the student's home) and their time zone.
          location: null,
          studentTimezone: null,
        },
      });
      await tx.bookingOrder.updateMany({ where: { studentId: userId }, data: { studentId: null, referralCode: null } });
      await tx.groupSignup.updateMany({
        where: { OR: [{ userId }, { email: { equals: email, mode: "insensitive" } }] },
        data: { userId: null, name: DELETED_STUDENT_NAME, email: "", phone: null },
      });
      await tx.availabilityRequest.deleteMany({
        where: { OR: [{ userId }, { email: { equals: email, mode: "insensitive" } }] },
      });
      // Another student's invitation of this one stays theirs (it may have earned them a discount),
      // but without this student's name or address.
      const received = await tx.referral.findMany({
        where: { OR: [{ referredUserId: userId }, { referredEmail: { equals: email, mode: "insensitive" } }] },
        select: { id: true },
      });
      for (const r of received) {
        await tx.referral.update({
          where: { id: r.id },
          data: { referredUserId: null, referredName: DELETED_STUDENT_NAME, referredEmail: `deleted-${r.id}@invalid` },
        });
      }
      await tx.referral.deleteMany({ where: { referrerId: userId } });
      await tx.studentNote.deleteMany({ where: { studentId: userId } });
      await tx.sharedFile.deleteMany({ where: { studentId: userId } });
      await tx.upload.deleteMany({ where: { ownerId: userId } });
      await tx.quizResult.deleteMany({ where: { userId } });
      await tx.quizAttempt.deleteMany({ where: { userId } });
      // The teacher learns which times are free again (without who freed them).
      await insertOutboxEmails(
        tx,
        noticesFor(upcoming.map((l) => ({ id: l.id, startsAt: l.startsAt, teacherEmail: l.teacher?.email ?? null }))),
      );
      // Sessions, discounts, credits, cancellation requests, access logs and idempotency records
      // cascade with the user row.
      await tx.user.delete({ where: { id: userId } });
      return {
        uploads: uploads.map((u) => u.storedName),
        cancelledLessons: cancelled.count,
        anonymisedLessons: anonymised.count,
      };
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}
