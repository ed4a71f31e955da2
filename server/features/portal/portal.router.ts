// The student portal: the procedures behind the spec's /api/student/* paths, each returning what
// its path returns. Every one but validateReferral (the unguarded /ref page) needs a student
// session, and every service call is scoped by that session's id: a foreign id finds nothing.

import { requestLocale } from "../../i18n.ts";
import {
  publicProcedure,
  rateLimitedProcedure,
  rateLimitedStudentProcedure,
  router,
  studentProcedure,
} from "../../trpc/init.ts";
import { listStudentDocuments } from "../billing/documents.service.ts";
import { oncePerKey } from "../booking/idempotency.service.ts";
import { getStudentOrder, listStudentOrders } from "../booking/order.service.ts";
import { getFeedStatus, resetFeed } from "../calendar/calendar-feed.service.ts";
import { getStudentCredits } from "../credits/credits.service.ts";
import { deleteStudentAccount } from "../privacy/privacy.service.ts";
import { homeworkDoneSchema } from "../reports/reports.schemas.ts";
import { markHomeworkDone } from "../reports/reports.service.ts";
import { waitlistAcceptSchema, waitlistIdSchema, waitlistJoinSchema } from "../waitlist/waitlist.schemas.ts";
import {
  acceptWaitlistOffer,
  getWaitlistOffer,
  joinWaitlist,
  listWaitlist,
  withdrawWaitlistEntry,
} from "../waitlist/waitlist.service.ts";
import {
  checkCancellation,
  getCancellationSummary,
  listCancellations,
  rebookWithCredit,
  requestCancellation,
  tellTeacherCantCome,
} from "./cancellations.service.ts";
import { getReferralData, inviteFriend, validateReferralCode } from "./invitations.service.ts";
import { addLearner, editLearner, listLearners } from "./learners.service.ts";
import { checkMove, moveStudentLesson } from "./lesson-moves.service.ts";
import { getDashboardStats, getProgress, listLessons } from "./lessons.service.ts";
import { getLevelProgress } from "./level-progress.service.ts";
import {
  cancellationRequestSchema,
  deleteAccountSchema,
  fileAccessSchema,
  learnerFilterSchema,
  learnerInputSchema,
  learnerUpdateSchema,
  lessonCheckSchema,
  lessonsQuerySchema,
  localeUpdateSchema,
  moveLessonSchema,
  noteSeenSchema,
  orderIdSchema,
  profileUpdateSchema,
  rebookSchema,
  referralInviteSchema,
  referralLookupSchema,
  studentOrdersSchema,
} from "./portal.schemas.ts";
import { getProfile, saveLocale, saveProfile } from "./profile.service.ts";
import {
  getQuizResults,
  listFiles,
  listNotesSharedWithStudent,
  listResources,
  logFileAccess,
  markNoteSeen,
} from "./resources.service.ts";

export const portalRouter = router({
  status: publicProcedure.query(async ({ ctx }) => {
    const student = await ctx.sessionUser("student");
    return student
      ? { authenticated: true as const, user: { id: student.id, name: student.name, email: student.email } }
      : { authenticated: false as const, user: null };
  }),
  me: studentProcedure.query(({ ctx }) => ({ id: ctx.student.id, name: ctx.student.name, email: ctx.student.email })),

  stats: studentProcedure.query(({ ctx }) => getDashboardStats(ctx.db, ctx.student.id)),
  lessons: studentProcedure
    .input(lessonsQuerySchema.prefault({}))
    .query(async ({ ctx, input }) => ({ lessons: await listLessons(ctx.db, ctx.student.id, input) })),
  // Issue 31, item 2: the family ticks a lesson's homework done (or unticks it).
  markHomework: rateLimitedStudentProcedure("write")
    .input(homeworkDoneSchema)
    .mutation(({ ctx, input }) => markHomeworkDone(ctx.db, ctx.student.id, input.bookingId, input.done)),
  progress: studentProcedure.query(({ ctx }) => getProgress(ctx.db, ctx.student.id)),
  orders: studentProcedure
    .input(studentOrdersSchema.prefault({}))
    .query(({ ctx, input }) => listStudentOrders(ctx.db, ctx.student.id, input)),
  order: studentProcedure
    .input(orderIdSchema)
    .query(({ ctx, input }) => getStudentOrder(ctx.db, input.id, ctx.student.id)),
  // Issue 30: the family's prepaid lesson ledger.
  credits: studentProcedure.query(({ ctx }) => getStudentCredits(ctx.db, ctx.student.id)),
  // Issue 30: the receipts and invoices issued to this payer.
  documents: studentProcedure.query(({ ctx }) => listStudentDocuments(ctx.db, ctx.student.id)),
  profile: studentProcedure.query(async ({ ctx }) => ({ profile: await getProfile(ctx.db, ctx.student.id) })),
  saveProfile: rateLimitedStudentProcedure("write")
    .input(profileUpdateSchema)
    .mutation(async ({ ctx, input }) => ({ profile: await saveProfile(ctx.db, ctx.student.id, input) })),
  // The portal's language switch: the account's language follows the one the student chose.
  saveLocale: rateLimitedStudentProcedure("write")
    .input(localeUpdateSchema)
    .mutation(async ({ ctx, input }) => ({ locale: await saveLocale(ctx.db, ctx.student.id, input.locale) })),

  // Issue 31: the family's learners, each a person of their own.
  learners: studentProcedure.query(({ ctx }) => listLearners(ctx.db, ctx.student.id)),
  addLearner: rateLimitedStudentProcedure("write")
    .input(learnerInputSchema)
    .mutation(({ ctx, input }) => addLearner(ctx.db, ctx.student.id, input)),
  updateLearner: rateLimitedStudentProcedure("write")
    .input(learnerUpdateSchema)
    .mutation(({ ctx, input }) => editLearner(ctx.db, ctx.student.id, input.id, input.data)),

  referrals: studentProcedure.query(({ ctx }) => getReferralData(ctx.db, ctx.student.id)),
  // Names someone else's address: a few an hour, like every write that costs its sender nothing.
  inviteFriend: rateLimitedStudentProcedure("request")
    .input(referralInviteSchema)
    .mutation(({ ctx, input }) => inviteFriend(ctx.db, ctx.student, input)),
  validateReferral: rateLimitedProcedure("code-lookup")
    .input(referralLookupSchema)
    .query(({ ctx, input }) => validateReferralCode(ctx.db, input.code)),

  quizResults: studentProcedure
    .input(learnerFilterSchema)
    .query(({ ctx, input }) => getQuizResults(ctx.db, ctx.student.id, { learnerId: input.learner_id })),
  // Issue 31, item 4: a learner's measurements on one CEFR scale.
  levelProgress: studentProcedure
    .input(learnerFilterSchema)
    .query(({ ctx, input }) => getLevelProgress(ctx.db, ctx.student.id, input.learner_id)),
  resources: studentProcedure.query(({ ctx }) => listResources(ctx.db, ctx.student.id)),
  files: studentProcedure
    .input(learnerFilterSchema)
    .query(({ ctx, input }) => listFiles(ctx.db, ctx.student.id, input.learner_id)),
  notes: studentProcedure
    .input(learnerFilterSchema)
    .query(({ ctx, input }) => listNotesSharedWithStudent(ctx.db, ctx.student.id, input.learner_id)),
  markNoteSeen: rateLimitedStudentProcedure("write")
    .input(noteSeenSchema)
    .mutation(({ ctx, input }) => markNoteSeen(ctx.db, ctx.student.id, input)),
  logFileAccess: rateLimitedStudentProcedure("write")
    .input(fileAccessSchema)
    .mutation(({ ctx, input }) => logFileAccess(ctx.db, ctx.student.id, input)),

  cancellationSummary: studentProcedure.query(({ ctx }) => getCancellationSummary(ctx.db, ctx.student.id)),
  cancellationCheck: studentProcedure
    .input(lessonCheckSchema)
    .query(({ ctx, input }) => checkCancellation(ctx.db, ctx.student.id, input.bookingId, requestLocale(ctx.headers))),
  requestCancellation: rateLimitedStudentProcedure("request")
    .input(cancellationRequestSchema)
    .mutation(({ ctx, input }) =>
      requestCancellation(ctx.db, ctx.student.id, input, {
        publicUrl: ctx.env.PUBLIC_URL,
        locale: requestLocale(ctx.headers),
      }),
    ),
  // Issue 31, item 6: past the free changes, tell the teacher (forfeited unless she waives it).
  tellTeacherCantCome: rateLimitedStudentProcedure("request")
    .input(cancellationRequestSchema)
    .mutation(({ ctx, input }) =>
      tellTeacherCantCome(ctx.db, ctx.student.id, input, {
        publicUrl: ctx.env.PUBLIC_URL,
        locale: requestLocale(ctx.headers),
      }),
    ),
  rebook: rateLimitedStudentProcedure("booking")
    .input(rebookSchema)
    .mutation(({ ctx, input }) =>
      oncePerKey({ ...ctx, userId: ctx.student.id }, "portal.rebook", input, () =>
        rebookWithCredit(ctx.db, ctx.student.id, input, {
          publicUrl: ctx.env.PUBLIC_URL,
          locale: requestLocale(ctx.headers),
        }),
      ),
    ),
  cancellations: studentProcedure.query(({ ctx }) => listCancellations(ctx.db, ctx.student.id)),
  moveCheck: studentProcedure
    .input(lessonCheckSchema)
    .query(({ ctx, input }) => checkMove(ctx.db, ctx.student.id, input.bookingId, requestLocale(ctx.headers))),
  moveLesson: rateLimitedStudentProcedure("booking")
    .input(moveLessonSchema)
    .mutation(({ ctx, input }) =>
      oncePerKey({ ...ctx, userId: ctx.student.id }, "portal.moveLesson", input, () =>
        moveStudentLesson(ctx.db, ctx.student.id, input, {
          publicUrl: ctx.env.PUBLIC_URL,
          locale: requestLocale(ctx.headers),
        }),
      ),
    ),

  // The session cookie is not this procedure's to clear (tRPC answers carry no cookies here): the
  // sessions go with the account, and the client's sign-out clears the cookie.
  deleteAccount: rateLimitedStudentProcedure("write")
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) =>
      deleteStudentAccount(ctx.db, ctx.student.id, input, { uploads: ctx.uploads, env: ctx.env }),
    ),

  // Issue 31, item 3: the waitlist for taken times, and the offers it makes.
  waitlist: studentProcedure.query(({ ctx }) => listWaitlist(ctx.db, ctx.student.id)),
  joinWaitlist: rateLimitedStudentProcedure("write")
    .input(waitlistJoinSchema)
    .mutation(({ ctx, input }) =>
      joinWaitlist(ctx.db, ctx.student.id, input, { locale: input.locale ?? requestLocale(ctx.headers) }),
    ),
  withdrawWaitlist: rateLimitedStudentProcedure("write")
    .input(waitlistIdSchema)
    .mutation(({ ctx, input }) => withdrawWaitlistEntry(ctx.db, ctx.student.id, input.id)),
  waitlistOffer: studentProcedure
    .input(waitlistIdSchema)
    .query(({ ctx, input }) => getWaitlistOffer(ctx.db, ctx.student.id, input.id)),
  acceptWaitlistOffer: rateLimitedStudentProcedure("booking")
    .input(waitlistAcceptSchema)
    .mutation(({ ctx, input }) => acceptWaitlistOffer(ctx.db, ctx.student, input, { publicUrl: ctx.env.PUBLIC_URL })),

  calendarFeed: router({
    get: studentProcedure.query(({ ctx }) => getFeedStatus(ctx.db, ctx.student.id, "student")),
    reset: rateLimitedStudentProcedure("write").mutation(({ ctx }) =>
      resetFeed(ctx.db, ctx.student.id, "student", ctx.env.PUBLIC_URL),
    ),
  }),
});
