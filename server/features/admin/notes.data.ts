import type { Prisma } from "../../db/generated/client.ts";
import { type PageWindow, readPage } from "../../db/paged.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { learnerRefSelect } from "../portal/learners.data.ts";

export const noteSelect = {
  id: true,
  studentId: true,
  authorId: true,
  bookingId: true,
  teacherNote: true,
  noteDate: true,
  tags: true,
  isPrivate: true,
  createdAt: true,
  updatedAt: true,
  student: { select: { id: true, name: true, email: true, phone: true } },
  learnerId: true,
  learner: { select: learnerRefSelect },
  author: { select: { name: true } },
  booking: { select: { id: true, lessonType: true, startsAt: true } },
} as const satisfies Prisma.StudentNoteSelect;
export type NoteRow = Prisma.StudentNoteGetPayload<{ select: typeof noteSelect }>;

export type NoteFilter = {
  studentId?: string;
  learnerId?: string;
  privateOnly?: boolean;
  tag?: string;
  search?: string;
};
export type NoteChanges = Partial<Pick<NoteRow, "teacherNote" | "noteDate" | "tags" | "isPrivate" | "bookingId">>;

/** Notes this viewer may see: every shared note, and their own private ones. */
function visibleTo(viewerId: string): Prisma.StudentNoteWhereInput {
  return { OR: [{ isPrivate: false }, { authorId: viewerId }] };
}

export async function listNoteRows(db: Db, viewerId: string, filter: NoteFilter, page: PageWindow) {
  const and: Prisma.StudentNoteWhereInput[] = [visibleTo(viewerId)];
  if (filter.studentId) and.push({ studentId: filter.studentId });
  if (filter.learnerId) and.push({ learnerId: filter.learnerId });
  if (filter.privateOnly) and.push({ isPrivate: true });
  if (filter.tag) and.push({ tags: { has: filter.tag } });
  if (filter.search) {
    const contains = { contains: filter.search, mode: "insensitive" as const };
    and.push({
      OR: [
        { teacherNote: contains },
        { student: { name: contains } },
        { learner: { name: contains } },
        { tags: { has: filter.search } },
      ],
    });
  }
  const where = { AND: and };
  return readPage(
    page,
    (window) =>
      db.studentNote.findMany({
        where,
        // The id breaks ties, so paging returns every note once even when dates are equal.
        orderBy: [{ noteDate: "desc" }, { createdAt: "desc" }, { id: "asc" }],
        ...window,
        select: noteSelect,
      }),
    () => db.studentNote.count({ where }),
  );
}

export function findVisibleNoteRow(db: Db, viewerId: string, id: string) {
  return db.studentNote.findFirst({ where: { AND: [{ id }, visibleTo(viewerId)] }, select: noteSelect });
}

export function insertNote(db: DbOrTx, data: Prisma.StudentNoteUncheckedCreateInput) {
  return db.studentNote.create({ data, select: noteSelect });
}

export function updateNoteRow(db: DbOrTx, id: string, data: NoteChanges) {
  return db.studentNote.update({ where: { id }, data, select: noteSelect });
}

export function deleteNoteRow(db: Db, id: string) {
  return db.studentNote.delete({ where: { id }, select: { id: true } });
}

export async function listVisibleTags(db: Db, viewerId: string) {
  const rows = await db.studentNote.findMany({ where: visibleTo(viewerId), select: { tags: true } });
  return rows.flatMap((r) => r.tags);
}

export function findBookingOfStudent(db: Db, bookingId: string, studentId: string) {
  return db.booking.findFirst({ where: { id: bookingId, studentId }, select: { id: true } });
}
