// Every procedure here is an adminProcedure: the admin role is re-read from the database with
// the session on each call (tests enumerate this router to prove it).

import { z } from "zod";
import { bankItemIdSchema, correctBankItemSchema, listBankItemsSchema } from "../../../shared/question-bank-schemas.ts";
import { requestLocale } from "../../i18n.ts";
import { adminProcedure, router } from "../../trpc/init.ts";
import { markAttendance } from "../attendance/attendance.service.ts";
import { adminAvailabilityRouter, adminHolidaysRouter } from "../availability/availability.router.ts";
import { documentYearSchema } from "../billing/billing.schemas.ts";
import { issueDocumentsNow, listAdminDocuments } from "../billing/documents.service.ts";
import { moneyRangeSchema } from "../billing/money-view.schemas.ts";
import { getMoneyView } from "../billing/money-view.service.ts";
import { idempotencyKeyOf, oncePerKey } from "../booking/idempotency.service.ts";
import { listPendingHolders } from "../booking/pending-hold.service.ts";
import { setFamilyCap, setLearnerCap } from "../booking/weekly-cap.service.ts";
import { getFeedStatus, resetFeed } from "../calendar/calendar-feed.service.ts";
import { adminCalendarsRouter } from "../calendars/calendars.router.ts";
import { creditAdjustmentSchema } from "../credits/credits.schemas.ts";
import { adjustStudentCredits, getStudentCreditsForAdmin } from "../credits/credits.service.ts";
import { answerCantCome } from "../portal/cancellations.service.ts";
import { lessonReportSchema } from "../reports/reports.schemas.ts";
import { getReportDraft, saveLessonReport } from "../reports/reports.service.ts";
import { termlyReportRouter } from "../termly-report/termly-report.router.ts";
import {
  addPaymentSchema,
  agendaSchema,
  applyMeetingLinkSchema,
  attendanceSchema,
  byIdSchema,
  cantComeAnswerSchema,
  createNoteSchema,
  createSharedFileSchema,
  freeTimesSchema,
  inboxQuerySchema,
  listBookingsSchema,
  listEmailsSchema,
  listNotesSchema,
  listOrdersSchema,
  listSharedFilesSchema,
  listStudentsSchema,
  markHandledSchema,
  recordPaymentSchema,
  reversePaymentSchema,
  setFileActiveSchema,
  teacherBookingSchema,
  updateBookingSchema,
  updateNoteSchema,
  updateOrderSchema,
  updateSettingsSchema,
  updateSharedFileSchema,
  weeklyCapSchema,
} from "./admin.schemas.ts";
import {
  getAdminBooking,
  getDashboard,
  getInbox,
  listBookings,
  listStudents,
  listTeachersForAdmin,
  markInboxItem,
  updateBooking,
} from "./admin.service.ts";
import { getAgenda } from "./agenda.service.ts";
import { listEmails, retryEmail } from "./emails.service.ts";
import { listTeacherFreeTimes } from "./free-times.service.ts";
import { listLearnerResults } from "./learner-results.service.ts";
import { getLearnerLevels, getProgressGlance } from "./level-glance.service.ts";
import { createNote, deleteNote, getNote, listTags, listTeacherNotes, updateNote } from "./notes.service.ts";
import {
  addOrderPayment,
  decideOrder,
  getOrder,
  listOrders,
  recordPayment,
  reverseOrderPayment,
} from "./orders.service.ts";
import { approveBankItem, correctBankItem, listBankItems, retireBankItem } from "./question-bank.service.ts";
import { getAdminSettings, updateAdminSettings } from "./settings.service.ts";
import { applyDefaultMeetingLink, getSetupChecklist } from "./setup.service.ts";
import {
  createSharedFile,
  deleteSharedFile,
  listSharedFiles,
  setSharedFileActive,
  updateSharedFile,
} from "./shared-files.service.ts";
import { bookForStudent } from "./teacher-booking.service.ts";
import { teacherProcedure } from "./teacher-procedure.ts";

export const adminRouter = router({
  me: adminProcedure.query(({ ctx }) => ({ id: ctx.admin.id, name: ctx.admin.name, email: ctx.admin.email })),
  dashboardStats: adminProcedure.query(({ ctx }) => getDashboard(ctx.db)),
  agenda: teacherProcedure
    .input(agendaSchema.optional())
    .query(({ ctx, input }) => getAgenda(ctx.db, ctx.teacher.id, agendaSchema.parse(input ?? {}))),

  freeTimes: teacherProcedure
    .input(freeTimesSchema)
    .query(({ ctx, input }) => listTeacherFreeTimes(ctx.db, ctx.teacher.id, input)),

  bookings: router({
    list: teacherProcedure
      .input(listBookingsSchema)
      .query(({ ctx, input }) => listBookings(ctx.db, ctx.teacher.id, input)),
    get: adminProcedure.input(byIdSchema).query(({ ctx, input }) => getAdminBooking(ctx.db, input.id)),
    update: adminProcedure.input(byIdSchema.extend({ data: updateBookingSchema })).mutation(async ({ ctx, input }) => ({
      booking: await updateBooking(ctx.db, input.id, input.data, { publicUrl: ctx.env.PUBLIC_URL }),
    })),
    // Issue 31: attended, no-show or cancelled late, once the lesson has started.
    attendance: adminProcedure
      .input(byIdSchema.extend({ data: attendanceSchema }))
      .mutation(async ({ ctx, input }) => ({ booking: await markAttendance(ctx.db, input.id, input.data.status) })),
    // Issue 31, item 2: the report form (the lesson's report, the previous one, the family's files)
    // and the report written once the lesson has started.
    reportDraft: adminProcedure.input(byIdSchema).query(({ ctx, input }) => getReportDraft(ctx.db, input.id)),
    saveReport: adminProcedure
      .input(byIdSchema.extend({ data: lessonReportSchema }))
      .mutation(({ ctx, input }) => saveLessonReport(ctx.db, input.id, input.data, { publicUrl: ctx.env.PUBLIC_URL })),
    // Issue 32, item 6: the teacher books a lesson (or a package) for a learner or a new student.
    // A double tap with one Idempotency-Key books once.
    create: teacherProcedure
      .input(teacherBookingSchema)
      .mutation(({ ctx, input }) =>
        oncePerKey({ ...ctx, userId: ctx.admin.id }, "admin.bookings.create", input, () =>
          bookForStudent(ctx.db, ctx.teacher.id, input, requestLocale(ctx.headers), { publicUrl: ctx.env.PUBLIC_URL }),
        ),
      ),
    // Issue 31, item 6: waive a family's "I can't come" (cancelled, given back) or keep it forfeited.
    answerCantCome: adminProcedure.input(cantComeAnswerSchema).mutation(async ({ ctx, input }) => {
      const answered = await answerCantCome(ctx.db, input.requestId, input.answer, { publicUrl: ctx.env.PUBLIC_URL });
      return { request: answered, booking: await getAdminBooking(ctx.db, answered.booking_id) };
    }),
  }),
  orders: router({
    list: adminProcedure.input(listOrdersSchema.prefault({})).query(({ ctx, input }) => listOrders(ctx.db, input)),
    get: adminProcedure.input(byIdSchema).query(({ ctx, input }) => getOrder(ctx.db, input.id)),
    update: adminProcedure.input(byIdSchema.extend({ data: updateOrderSchema })).mutation(({ ctx, input }) =>
      decideOrder(ctx.db, input.id, input.data.status, {
        publicUrl: ctx.env.PUBLIC_URL,
        meetingLink: input.data.meeting_link,
      }),
    ),
    recordPayment: adminProcedure
      .input(byIdSchema.extend({ data: recordPaymentSchema }))
      .mutation(({ ctx, input }) => recordPayment(ctx.db, input.id, input.data, ctx.admin.id)),
    // Issue 30: payments as a list. An Idempotency-Key header (or the body's key) makes a double
    // tap one entry.
    addPayment: adminProcedure.input(byIdSchema.extend({ data: addPaymentSchema })).mutation(({ ctx, input }) =>
      addOrderPayment(ctx.db, input.id, input.data, {
        adminId: ctx.admin.id,
        idempotencyKey: idempotencyKeyOf(ctx.headers, input.data.idempotency_key),
      }),
    ),
    reversePayment: adminProcedure
      .input(byIdSchema.extend({ paymentId: z.uuid(), data: reversePaymentSchema.prefault({}) }))
      .mutation(({ ctx, input }) =>
        reverseOrderPayment(ctx.db, input.id, input.paymentId, input.data, {
          adminId: ctx.admin.id,
          idempotencyKey: idempotencyKeyOf(ctx.headers, input.data.idempotency_key),
        }),
      ),
  }),
  // Who holds pending lessons (unpaid ones count against the cap) and since when (issue 27).
  pendingHolders: adminProcedure.query(({ ctx }) => listPendingHolders(ctx.db)),
  teachers: adminProcedure.query(({ ctx }) => listTeachersForAdmin(ctx.db)),
  students: adminProcedure
    .input(listStudentsSchema.optional())
    .query(({ ctx, input }) => listStudents(ctx.db, input ?? listStudentsSchema.parse({}))),

  // Issue 31, item 7: at most N lessons a week, for one learner or a whole family.
  weeklyCap: router({
    learner: adminProcedure
      .input(weeklyCapSchema)
      .mutation(({ ctx, input }) => setLearnerCap(ctx.db, input.id, input.data.weeklyCap)),
    family: adminProcedure
      .input(weeklyCapSchema)
      .mutation(({ ctx, input }) => setFamilyCap(ctx.db, input.id, input.data.weeklyCap)),
  }),
  // Issue 31: a learner's placement results and certificates, in their profile.
  learnerResults: adminProcedure
    .input(z.object({ student_id: z.uuid(), learner_id: z.uuid().optional() }))
    .query(({ ctx, input }) => listLearnerResults(ctx.db, input)),
  // Issue 31, item 4: one learner's level over time, and her students' movement at a glance.
  learnerLevels: adminProcedure
    .input(z.object({ student_id: z.uuid(), learner_id: z.uuid().optional() }))
    .query(({ ctx, input }) => getLearnerLevels(ctx.db, input)),
  progress: adminProcedure.query(({ ctx }) => getProgressGlance(ctx.db)),
  // Issue 31, item 5: a learner's termly report, emailed to the family.
  termlyReport: termlyReportRouter,

  // Issue 30: a student's prepaid lesson ledger, and the teacher's adjustment with a reason.
  credits: router({
    get: adminProcedure.input(byIdSchema).query(({ ctx, input }) => getStudentCreditsForAdmin(ctx.db, input.id)),
    adjust: adminProcedure
      .input(byIdSchema.extend({ data: creditAdjustmentSchema }))
      .mutation(({ ctx, input }) =>
        oncePerKey({ ...ctx, userId: ctx.admin.id }, "admin.credits.adjust", { ...input.data, id: input.id }, () =>
          adjustStudentCredits(ctx.db, input.id, input.data),
        ),
      ),
  }),

  // Issue 30: the receipts, invoices and credit notes issued, per calendar year; the teacher issues
  // what an order's payments lack (when her setting is "manual", or once the payer's details came).
  documents: router({
    list: adminProcedure
      .input(documentYearSchema.prefault({}))
      .query(({ ctx, input }) => listAdminDocuments(ctx.db, input.year)),
    issue: adminProcedure.input(byIdSchema).mutation(({ ctx, input }) => issueDocumentsNow(ctx.db, input.id)),
  }),

  // Issue 30: per month, lessons taught, invoiced, paid, owed and lessons sold still to teach.
  money: adminProcedure.input(moneyRangeSchema.prefault({})).query(({ ctx, input }) => getMoneyView(ctx.db, input)),

  settings: router({
    get: teacherProcedure.query(({ ctx }) => getAdminSettings(ctx.db, ctx.teacher.id)),
    // The dashboard's first-run checklist, and the new default link for upcoming lessons (issue 33).
    setup: teacherProcedure.query(({ ctx }) =>
      getSetupChecklist(ctx.db, ctx.teacher.id, {
        googleSignIn: Boolean(ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET),
      }),
    ),
    applyMeetingLink: teacherProcedure.input(applyMeetingLinkSchema).mutation(({ ctx, input }) =>
      applyDefaultMeetingLink(ctx.db, ctx.teacher.id, {
        link: input.link,
        previous: input.previous ?? null,
      }),
    ),
    update: teacherProcedure
      .input(updateSettingsSchema)
      .mutation(({ ctx, input }) =>
        updateAdminSettings(ctx.db, ctx.teacher.id, input.settings, { uploads: ctx.uploads }),
      ),
  }),

  notes: router({
    list: adminProcedure
      .input(listNotesSchema)
      .query(({ ctx, input }) => listTeacherNotes(ctx.db, ctx.admin.id, input)),
    get: adminProcedure.input(byIdSchema).query(({ ctx, input }) => getNote(ctx.db, ctx.admin.id, input.id)),
    create: adminProcedure
      .input(createNoteSchema)
      .mutation(({ ctx, input }) =>
        oncePerKey({ ...ctx, userId: ctx.admin.id }, "admin.notes.create", input, () =>
          createNote(ctx.db, ctx.admin.id, input, { publicUrl: ctx.env.PUBLIC_URL }),
        ),
      ),
    update: adminProcedure
      .input(byIdSchema.extend({ data: updateNoteSchema }))
      .mutation(({ ctx, input }) =>
        updateNote(ctx.db, ctx.admin.id, input.id, input.data, { publicUrl: ctx.env.PUBLIC_URL }),
      ),
    delete: adminProcedure.input(byIdSchema).mutation(({ ctx, input }) => deleteNote(ctx.db, ctx.admin.id, input.id)),
    tags: adminProcedure.query(({ ctx }) => listTags(ctx.db, ctx.admin.id)),
  }),

  files: router({
    list: adminProcedure.input(listSharedFilesSchema).query(({ ctx, input }) => listSharedFiles(ctx.db, input)),
    create: adminProcedure
      .input(createSharedFileSchema)
      .mutation(({ ctx, input }) =>
        oncePerKey({ ...ctx, userId: ctx.admin.id }, "admin.files.create", input, () =>
          createSharedFile(ctx.db, ctx.admin.id, input, { publicUrl: ctx.env.PUBLIC_URL }),
        ),
      ),
    update: adminProcedure
      .input(byIdSchema.extend({ data: updateSharedFileSchema }))
      .mutation(({ ctx, input }) =>
        updateSharedFile(ctx.db, input.id, input.data, { publicUrl: ctx.env.PUBLIC_URL, uploads: ctx.uploads }),
      ),
    setActive: adminProcedure
      .input(setFileActiveSchema)
      .mutation(({ ctx, input }) =>
        setSharedFileActive(ctx.db, input.id, input.is_active, { publicUrl: ctx.env.PUBLIC_URL }),
      ),
    delete: adminProcedure
      .input(byIdSchema)
      .mutation(({ ctx, input }) => deleteSharedFile(ctx.db, input.id, { uploads: ctx.uploads })),
  }),

  availability: adminAvailabilityRouter,
  holidays: adminHolidaysRouter,
  calendars: adminCalendarsRouter,

  inbox: router({
    list: adminProcedure
      .input(inboxQuerySchema.optional())
      .query(({ ctx, input }) => getInbox(ctx.db, inboxQuerySchema.parse(input ?? {}))),
    markHandled: adminProcedure
      .input(markHandledSchema)
      .mutation(({ ctx, input }) => markInboxItem(ctx.db, input.kind, input.id, input.handled)),
  }),

  emails: router({
    list: adminProcedure
      .input(listEmailsSchema.optional())
      .query(({ ctx, input }) =>
        listEmails(ctx.db, listEmailsSchema.parse(input ?? {}), { smtpConfigured: Boolean(ctx.env.SMTP_URL) }),
      ),
    retry: adminProcedure.input(byIdSchema).mutation(({ ctx, input }) => retryEmail(ctx.db, input.id)),
  }),

  questionBank: router({
    list: adminProcedure.input(listBankItemsSchema.optional()).query(async ({ ctx, input }) => ({
      ...(await listBankItems(ctx.db, listBankItemsSchema.parse(input ?? {}))),
      aiGenerationOn: Boolean(ctx.env.ai),
    })),
    retire: adminProcedure.input(bankItemIdSchema).mutation(({ ctx, input }) => retireBankItem(ctx.db, input.id)),
    correct: adminProcedure
      .input(correctBankItemSchema)
      .mutation(({ ctx, input }) => correctBankItem(ctx.db, input.id, input.item)),
    approve: adminProcedure.input(bankItemIdSchema).mutation(({ ctx, input }) => approveBankItem(ctx.db, input.id)),
  }),

  calendarFeed: router({
    get: adminProcedure.query(({ ctx }) => getFeedStatus(ctx.db, ctx.admin.id, "teacher")),
    reset: teacherProcedure.mutation(({ ctx }) => resetFeed(ctx.db, ctx.admin.id, "teacher", ctx.env.PUBLIC_URL)),
  }),
});
