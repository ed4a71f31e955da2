// Notes about students. A private note is visible only to its author: other teachers (admins)
// and students never see it, and its id answers 404 to them as if it did not exist.

import type { z } from "zod";
import { parseTags } from "../../../shared/admin-rules.ts";
import { UNKNOWN_STUDENT_MESSAGE } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { recordLearnerId, toLearnerRef } from "../portal/learners.service.ts";
import { findStudent } from "./admin.data.ts";
import type { createNoteSchema, listNotesSchema, updateNoteSchema } from "./admin.schemas.ts";
import {
  deleteNoteRow,
  findBookingOfStudent,
  findVisibleNoteRow,
  insertNote,
  listNoteRows,
  listVisibleTags,
  type NoteChanges,
  type NoteRow,
  updateNoteRow,
} from "./notes.data.ts";
import { type MailOptions, saveSharedItem } from "./resource-mail.ts";

const NOTE_NOT_FOUND = "Note not found.";

export function toNoteDto(n: NoteRow, viewerId: string) {
  return {
    id: n.id,
    student_id: n.studentId,
    // The family's account: the guardian (or the adult learner themself) and their contact.
    student: { id: n.student.id, name: n.student.name, email: n.student.email },
    // Issue 31: the learner the note is about, and the guardian when it is someone else.
    learner_id: n.learnerId,
    learner: toLearnerRef(n.learner),
    guardian: n.learner && !n.learner.isSelf ? n.student : null,
    teacher_note: n.teacherNote,
    note_date: n.noteDate.toISOString(),
    tags: n.tags,
    is_private: n.isPrivate,
    booking: n.booking
      ? { id: n.booking.id, lesson_type: n.booking.lessonType, lesson_date: n.booking.startsAt.toISOString() }
      : null,
    author_name: n.author?.name ?? null,
    is_mine: n.authorId === viewerId,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  };
}
export type NoteDto = ReturnType<typeof toNoteDto>;

export async function listTeacherNotes(db: Db, viewerId: string, input: z.output<typeof listNotesSchema>) {
  const filter = {
    studentId: input.student_id,
    learnerId: input.learner_id,
    privateOnly: input.private_only,
    tag: input.tag,
    search: input.search,
  };
  const { rows, total } = await listNoteRows(db, viewerId, filter, input);
  return { notes: rows.map((n) => toNoteDto(n, viewerId)), total };
}

async function loadVisible(db: Db, viewerId: string, id: string) {
  const note = await findVisibleNoteRow(db, viewerId, id);
  if (!note) throw new AppError("NOT_FOUND", NOTE_NOT_FOUND);
  return note;
}

async function loadOwn(db: Db, viewerId: string, id: string) {
  const note = await loadVisible(db, viewerId, id);
  // Shared notes of a colleague can be read, but only their author changes or deletes them.
  if (note.authorId !== viewerId) throw new AppError("FORBIDDEN", "Only the author of a note can change it.");
  return note;
}

export async function getNote(db: Db, viewerId: string, id: string) {
  return { note: toNoteDto(await loadVisible(db, viewerId, id), viewerId) };
}

async function checkBooking(db: Db, bookingId: string | null | undefined, studentId: string) {
  if (!bookingId) return;
  if (!(await findBookingOfStudent(db, bookingId, studentId))) {
    throw new AppError("BAD_REQUEST", "The related lesson must be one of this student's bookings.");
  }
}

/** A note its student may read emails them (once per note, see resource-mail.ts). */
const noteShared = (note: NoteRow) => (note.isPrivate ? null : { kind: "note" as const, id: note.id, title: "" });

export async function createNote(
  db: Db,
  authorId: string,
  input: z.output<typeof createNoteSchema>,
  opts: MailOptions,
) {
  if (!(await findStudent(db, input.student_id))) throw new AppError("BAD_REQUEST", UNKNOWN_STUDENT_MESSAGE);
  await checkBooking(db, input.booking_id, input.student_id);
  const row = {
    studentId: input.student_id,
    learnerId: await recordLearnerId(db, input.student_id, input.learner_id),
    authorId,
    bookingId: input.booking_id ?? null,
    teacherNote: input.teacher_note,
    noteDate: input.note_date ?? new Date(),
    tags: parseTags(input.tags),
    isPrivate: input.is_private,
  };
  const note = await saveSharedItem(db, opts, !input.is_private, (tx) => insertNote(tx, row), noteShared);
  return { note: toNoteDto(note, authorId) };
}

export async function updateNote(
  db: Db,
  authorId: string,
  id: string,
  input: z.output<typeof updateNoteSchema>,
  opts: MailOptions,
) {
  const current = await loadOwn(db, authorId, id);
  await checkBooking(db, input.booking_id, current.studentId);
  const data: NoteChanges = { teacherNote: input.teacher_note };
  if (input.note_date) data.noteDate = input.note_date;
  if (input.tags !== undefined) data.tags = parseTags(input.tags);
  if (input.is_private !== undefined) data.isPrivate = input.is_private;
  if (input.booking_id !== undefined) data.bookingId = input.booking_id;
  const isPrivate = data.isPrivate ?? current.isPrivate;
  return {
    note: toNoteDto(
      await saveSharedItem(db, opts, !isPrivate, (tx) => updateNoteRow(tx, id, data), noteShared),
      authorId,
    ),
  };
}

export async function deleteNote(db: Db, authorId: string, id: string) {
  await loadOwn(db, authorId, id);
  await deleteNoteRow(db, id);
  return { success: true };
}

export async function listTags(db: Db, viewerId: string) {
  const tags = new Map<string, string>();
  for (const t of await listVisibleTags(db, viewerId)) if (!tags.has(t.toLowerCase())) tags.set(t.toLowerCase(), t);
  return { tags: [...tags.values()].sort((a, b) => a.localeCompare(b)) };
}
