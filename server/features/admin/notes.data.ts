import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";

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
  student: { select: { id: true, name: true, email: true } },
  author: { select: { name: true } },
  booking: { select: { id: true, lessonType: true, startsAt: true } },
} as const satisfies Prisma.StudentNoteSelect;
export type NoteRow = Prisma.StudentNoteGetPayload<{ select: typeof noteSelect }>;

export async function listNoteRows(
  db: Db,
  where: Prisma.StudentNoteWhereInput,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    db.studentNote.findMany({
      where,
      // The id breaks ties, so paging returns every note once even when dates are equal.
      orderBy: [{ noteDate: "desc" }, { createdAt: "desc" }, { id: "asc" }],
      skip: page.offset,
      take: page.limit,
      select: noteSelect,
    }),
    db.studentNote.count({ where }),
  ]);
  return { rows, total };
}

export function findNoteRow(db: Db, where: Prisma.StudentNoteWhereInput) {
  return db.studentNote.findFirst({ where, select: noteSelect });
}

export function insertNote(db: Db, data: Prisma.StudentNoteUncheckedCreateInput) {
  return db.studentNote.create({ data, select: noteSelect });
}

export function updateNoteRow(db: Db, id: string, data: Prisma.StudentNoteUncheckedUpdateInput) {
  return db.studentNote.update({ where: { id }, data, select: noteSelect });
}

export function deleteNoteRow(db: Db, id: string) {
  return db.studentNote.delete({ where: { id }, select: { id: true } });
}

export async function listVisibleTags(db: Db, where: Prisma.StudentNoteWhereInput) {
  const rows = await db.studentNote.findMany({ where, select: { tags: true } });
  return rows.flatMap((r) => r.tags);
}

export function findBookingOfStudent(db: Db, bookingId: string, studentId: string) {
  return db.booking.findFirst({ where: { id: bookingId, studentId }, select: { id: true } });
}
