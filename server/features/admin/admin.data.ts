import type { Prisma } from "../../db/generated/client.ts";
import { type PageWindow, readPage } from "../../db/paged.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import { studentProfileSelect } from "../portal/portal.data.ts";

export async function countDashboardStats(db: Db) {
  const [totalBookings, pendingBookings, totalStudents] = await Promise.all([
    db.booking.count(),
    db.booking.count({ where: { status: "pending" } }),
    db.user.count({ where: { isAdmin: false } }),
  ]);
  return { totalBookings, pendingBookings, totalStudents };
}

type Contains = { contains: string; mode: "insensitive" };
/** The fields of a `where` that take a text search. */
type TextField<Where> = { [K in keyof Where]-?: Contains extends Where[K] ? K : never }[keyof Where] & string;

/** Conditions for a list's search box: `search` in any of `fields`, ignoring case. */
function containsAny<Where>(search: string, fields: readonly TextField<Where>[]): Where[] {
  const contains: Contains = { contains: search, mode: "insensitive" };
  return fields.map((field) => ({ [field]: contains }) as Where);
}

// ---- teachers ----
const teacherSelect = { id: true, name: true, email: true, userId: true } as const;

export function findTeacherOfUser(db: Db, userId: string, email: string) {
  return db.teacher.findFirst({ where: { OR: [{ userId }, { userId: null, email }] }, select: teacherSelect });
}

export function createTeacherForUser(db: Db, data: { userId: string; name: string; email: string }) {
  return db.teacher.create({ data, select: teacherSelect });
}

export function claimTeacher(db: Db, teacherId: string, userId: string) {
  return db.teacher.update({ where: { id: teacherId }, data: { userId }, select: teacherSelect });
}

export function listAllTeachers(db: Db) {
  return db.teacher.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true, isActive: true },
  });
}

export function findTeacherById(db: Db, id: string) {
  return db.teacher.findUnique({ where: { id }, select: teacherSelect });
}

// ---- bookings ----
export const adminBookingSelect = {
  id: true,
  orderId: true,
  status: true,
  notes: true,
  startsAt: true,
  endsAt: true,
  lessonType: true,
  meetingLink: true,
  location: true,
  createdAt: true,
  teacherId: true,
  studentId: true,
  studentName: true,
  studentEmail: true,
  studentPhone: true,
  englishLevel: true,
  lessonFocus: true,
  studentNotes: true,
  bookedBy: true,
  guardianName: true,
  icsSequence: true,
  cancelledAt: true,
  cancellationReason: true,
  attendance: true,
  attendanceSource: true,
  attendanceMarkedAt: true,
  report: { select: { emailedAt: true } },
  teacher: { select: { id: true, name: true, email: true } },
  cancellationRequests: {
    select: { id: true, reason: true, status: true, createdAt: true },
    orderBy: { createdAt: "desc" },
    take: 1,
  },
} as const satisfies Prisma.BookingSelect;
export type AdminBookingRow = Prisma.BookingGetPayload<{ select: typeof adminBookingSelect }>;

/**
 * `startsNoLaterThan`: only lessons whose start has come (pending ones the teacher must settle);
 * `startsFrom`/`startsBefore`: a range of lesson times; `byLessonTime`: in lesson order, not creation.
 */
export type BookingFilter = {
  status?: AdminBookingRow["status"];
  startsNoLaterThan?: Date;
  startsFrom?: Date;
  startsBefore?: Date;
  teacherId?: string;
  search?: string;
  byLessonTime?: boolean;
};
export type BookingChanges = Partial<
  Pick<
    AdminBookingRow,
    | "notes"
    | "teacherId"
    | "meetingLink"
    | "location"
    | "cancelledAt"
    | "attendance"
    | "attendanceSource"
    | "attendanceMarkedAt"
  >
> &
  Pick<AdminBookingRow, "status"> & {
    /** The change is one the student's calendar must see: the ICS SEQUENCE grows. */
    bumpsIcsSequence?: boolean;
  };

const BOOKING_SEARCH_FIELDS = [
  "studentName",
  "guardianName",
  "studentEmail",
  "notes",
  "lessonFocus",
  "location",
] as const;

export function listBookingRows(db: Db, filter: BookingFilter, page: PageWindow) {
  const where: Prisma.BookingWhereInput = {};
  if (filter.status) where.status = filter.status;
  where.startsAt = { lte: filter.startsNoLaterThan, gte: filter.startsFrom, lt: filter.startsBefore };
  if (filter.teacherId) where.teacherId = filter.teacherId;
  if (filter.search) where.OR = containsAny<Prisma.BookingWhereInput>(filter.search, BOOKING_SEARCH_FIELDS);
  return readPage(
    page,
    (window) =>
      db.booking.findMany({
        where,
        orderBy: filter.byLessonTime
          ? [{ startsAt: "asc" }, { id: "asc" }]
          : [{ createdAt: "desc" }, { startsAt: "desc" }, { id: "asc" }],
        ...window,
        select: adminBookingSelect,
      }),
    () => db.booking.count({ where }),
  );
}

/**
 * The agenda's lessons: pending, confirmed and completed ones of this teacher, or not yet
 * assigned, that overlap [from, to), in time order.
 */
export function listAgendaLessonRows(db: Db, teacherId: string, from: Date, to: Date) {
  return db.booking.findMany({
    where: {
      status: { in: ["pending", "confirmed", "completed"] },
      OR: [{ teacherId }, { teacherId: null }],
      startsAt: { lt: to },
      endsAt: { gt: from },
    },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    select: adminBookingSelect,
  });
}

/** The teacher's lesson happening now or next (pending or confirmed), wherever it falls. */
export function findNextLessonRow(db: Db, teacherId: string, now: Date) {
  return db.booking.findFirst({
    where: { status: { in: ["pending", "confirmed"] }, OR: [{ teacherId }, { teacherId: null }], endsAt: { gt: now } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    select: adminBookingSelect,
  });
}

export function findBookingRow(db: Db, id: string) {
  return db.booking.findUnique({ where: { id }, select: adminBookingSelect });
}

export function updateBookingRow(db: DbOrTx, id: string, changes: BookingChanges) {
  const { bumpsIcsSequence, ...data } = changes;
  return db.booking.update({
    where: { id },
    data: bumpsIcsSequence ? { ...data, icsSequence: { increment: 1 } } : data,
    select: adminBookingSelect,
  });
}

// ---- students ----
/**
 * Issue 31: Student Profiles has a row per learner, so its paging and counts are per learner.
 * One row per learner of each family, and one for the account holder while no learner is
 * theirs (a parent who books only for the children, an adult who took a placement before
 * booking); `learnerId` null is that holder's row. A row's level is what the list shows: the
 * learner's, the account holder's own learner falling back, as the holder's row does, on the
 * profile's, or, when the profile has none, the latest booking's.
 */
export type StudentRowKey = { accountId: string; learnerId: string | null; level: string | null };

/** Every row of Student Profiles in the list's order: newest family first, its holder's row, then its learners. */
export async function listStudentRowKeys(db: Db): Promise<StudentRowKey[]> {
  const [accounts, learners] = await Promise.all([
    // The account's level as the list shows it: the profile's, else the latest booking's.
    db.$queryRaw<{ id: string; level: string | null }[]>`
      SELECT u.id, COALESCE(
          u."englishLevel",
          (SELECT b."englishLevel" FROM "Booking" b WHERE b."studentId" = u.id ORDER BY b."startsAt" DESC LIMIT 1)
        ) AS level
      FROM "User" u WHERE u."isAdmin" = false
      ORDER BY u."createdAt" DESC, u.id ASC`,
    db.learner.findMany({
      where: { account: { isAdmin: false } },
      orderBy: [{ isSelf: "desc" }, { createdAt: "asc" }, { id: "asc" }],
      select: { id: true, accountId: true, isSelf: true, level: true },
    }),
  ]);
  const byAccount = new Map<string, typeof learners>();
  for (const l of learners) byAccount.set(l.accountId, [...(byAccount.get(l.accountId) ?? []), l]);
  return accounts.flatMap((a): StudentRowKey[] => {
    const own = byAccount.get(a.id) ?? [];
    return [
      ...(own.some((l) => l.isSelf) ? [] : [{ accountId: a.id, learnerId: null, level: a.level }]),
      ...own.map((l) => ({ accountId: a.id, learnerId: l.id, level: l.level ?? (l.isSelf ? a.level : null) })),
    ];
  });
}

const STUDENT_SEARCH_FIELDS = ["name", "email", "phone", "lessonFocus", "englishLevel"] as const;

/**
 * What a search finds: the accounts whose holder matches (name, email, phone, goals, level), all
 * of whose rows it finds, and the learners found by their own name (a child in their guardian's
 * family).
 */
export async function findStudentSearchMatches(db: Db, search: string) {
  const [accounts, learners] = await Promise.all([
    db.user.findMany({
      where: { isAdmin: false, OR: containsAny<Prisma.UserWhereInput>(search, STUDENT_SEARCH_FIELDS) },
      select: { id: true },
    }),
    db.learner.findMany({ where: { name: { contains: search, mode: "insensitive" } }, select: { id: true } }),
  ]);
  return { accountIds: new Set(accounts.map((a) => a.id)), learnerIds: new Set(learners.map((l) => l.id)) };
}

/** The families of one page of rows, with everything a row and its profile show. */
export function listStudentAccounts(db: Db, ids: string[]) {
  return listStudentPage(db, { id: { in: ids }, isAdmin: false }, { skip: 0, take: undefined });
}

function listStudentPage(db: Db, where: Prisma.UserWhereInput, window: { skip: number; take: number | undefined }) {
  return db.user.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    ...window,
    select: {
      ...studentProfileSelect,
      createdAt: true,
      weeklyLessonCap: true,
      learners: {
        orderBy: [{ isSelf: "desc" }, { createdAt: "asc" }, { id: "asc" }],
        select: { id: true, name: true, ageGroup: true, level: true, goals: true, isSelf: true, weeklyLessonCap: true },
      },
      bookings: {
        orderBy: { startsAt: "desc" },
        select: {
          id: true,
          startsAt: true,
          status: true,
          lessonType: true,
          studentName: true,
          bookedBy: true,
          learnerId: true,
          englishLevel: true,
          lessonFocus: true,
          studentPhone: true,
          notes: true,
          teacher: { select: { name: true } },
        },
      },
    },
  });
}

export function findStudent(db: Db, id: string) {
  return db.user.findFirst({ where: { id, isAdmin: false }, select: { id: true, name: true, email: true } });
}

// ---- inbox ----
// Open items first, newest first; the id breaks ties so paging returns every item once.
const inboxOrder = [
  { handledAt: { sort: "asc", nulls: "first" } },
  { createdAt: "desc" },
  { id: "asc" },
] as const satisfies Prisma.AvailabilityRequestOrderByWithRelationInput[] &
  Prisma.GroupSignupOrderByWithRelationInput[];

/** Who asked for which times: the teacher's inbox and the student's export. */
export const availabilityRequestSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  availability: true,
  location: true,
  createdAt: true,
} as const satisfies Prisma.AvailabilityRequestSelect;

/** Who signed up for a group, at which price: the teacher's inbox and the student's export. */
export const groupSignupSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  priceCents: true,
  createdAt: true,
} as const satisfies Prisma.GroupSignupSelect;

/** One inbox page with the inbox's size and how many of its items are still open. */
async function inboxPage<Row>(
  page: PageWindow,
  findMany: (window: { skip: number; take: number | undefined }) => Promise<Row[]>,
  count: (where?: { handledAt: null }) => Promise<number>,
) {
  const [{ rows, total }, open] = await Promise.all([
    readPage(page, findMany, () => count()),
    count({ handledAt: null }),
  ]);
  return { rows, total, open };
}

export function listAvailabilityRequests(db: Db, page: PageWindow) {
  return inboxPage(
    page,
    (window) =>
      db.availabilityRequest.findMany({
        orderBy: [...inboxOrder],
        ...window,
        select: { ...availabilityRequestSelect, packageInfo: true, teacherInfo: true, handledAt: true },
      }),
    (where) => db.availabilityRequest.count({ where }),
  );
}

export function listGroupSignups(db: Db, page: PageWindow) {
  return inboxPage(
    page,
    (window) =>
      db.groupSignup.findMany({
        orderBy: [...inboxOrder],
        ...window,
        select: {
          ...groupSignupSelect,
          handledAt: true,
          event: { select: { dayOfWeek: true, time: true, location: true } },
          groupPackage: { select: { name: true, weeks: true } },
        },
      }),
    (where) => db.groupSignup.count({ where }),
  );
}

export async function setAvailabilityRequestHandled(db: Db, id: string, handledAt: Date | null) {
  const { count } = await db.availabilityRequest.updateMany({ where: { id }, data: { handledAt } });
  return count > 0;
}

export const GROUP_SIGNUP_REOPEN_CONFLICT_MESSAGE =
  "This student already has an open sign-up for the same night and package: handle that one instead.";

/** A student holds one open sign-up per night and package (GroupSignup_open_key): reopening a second is refused. */
export async function setGroupSignupHandled(db: Db, id: string, handledAt: Date | null) {
  try {
    const { count } = await db.groupSignup.updateMany({ where: { id }, data: { handledAt } });
    return count > 0;
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", GROUP_SIGNUP_REOPEN_CONFLICT_MESSAGE);
    throw error;
  }
}
