// Files and links the teacher shares with a student. Inactive ones stay in the back office but
// are hidden from the student (and their uploads can no longer be downloaded by the student).

import type { z } from "zod";
import { UNKNOWN_STUDENT_MESSAGE } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { findUploadByUrl } from "../files/files.data.ts";
import { discardUpload } from "../files/files.service.ts";
import { toSharedFileFields } from "../files/shared-file-dto.ts";
import type { UploadStore } from "../files/upload-store.ts";
import { recordLearnerId, toLearnerRef } from "../portal/learners.service.ts";
import { findStudent } from "./admin.data.ts";
import type { createSharedFileSchema, listSharedFilesSchema, updateSharedFileSchema } from "./admin.schemas.ts";
import { type MailOptions, saveSharedItem } from "./resource-mail.ts";
import {
  deleteSharedFileRow,
  findSharedFileRow,
  insertSharedFile,
  listSharedFileRows,
  type SharedFileChanges,
  type SharedFileRow,
  updateSharedFileRow,
} from "./shared-files.data.ts";

export function toSharedFileDto(f: SharedFileRow) {
  return {
    ...toSharedFileFields(f),
    student_id: f.studentId,
    student: { id: f.student.id, name: f.student.name, email: f.student.email },
    is_active: f.isActive,
    // Issue 31: the learner the file is for, and the guardian when it is someone else.
    learner_id: f.learnerId,
    learner: toLearnerRef(f.learner),
    guardian: f.learner && !f.learner.isSelf ? f.student : null,
  };
}
export type SharedFileDto = ReturnType<typeof toSharedFileDto>;

export async function listSharedFiles(db: Db, input: z.output<typeof listSharedFilesSchema>) {
  const filter = {
    studentId: input.student_id,
    learnerId: input.learner_id,
    fileType: input.file_type,
    isActive: input.is_active,
    search: input.search,
  };
  const { rows, total, counts } = await listSharedFileRows(db, filter, input);
  const sum = (rowsOf: typeof counts) => rowsOf.reduce((n, c) => n + c._count._all, 0);
  return {
    files: rows.map(toSharedFileDto),
    total,
    counts: {
      totalFiles: sum(counts),
      activeFiles: sum(counts.filter((c) => c.isActive)),
      students: new Set(counts.map((c) => c.studentId)).size,
    },
  };
}

/** The size of an uploaded file comes from the upload store, never from the form. */
async function sizeFor(db: Db, fileUrl: string, given: number | null | undefined) {
  const upload = await findUploadByUrl(db, fileUrl);
  if (fileUrl.startsWith("/api/files/") && !upload)
    throw new AppError("BAD_REQUEST", "That uploaded file does not exist.");
  return upload ? upload.size : (given ?? null);
}

/** A visible file emails its student (once per file, see resource-mail.ts). */
const fileShared = (file: SharedFileRow) =>
  file.isActive ? { kind: "file" as const, id: file.id, title: file.title } : null;

export async function createSharedFile(
  db: Db,
  sharedById: string,
  input: z.output<typeof createSharedFileSchema>,
  opts: MailOptions,
) {
  if (!(await findStudent(db, input.student_id))) throw new AppError("BAD_REQUEST", UNKNOWN_STUDENT_MESSAGE);
  const fileSize = await sizeFor(db, input.file_url, input.file_size);
  const row = {
    studentId: input.student_id,
    learnerId: await recordLearnerId(db, input.student_id, input.learner_id),
    sharedById,
    title: input.title,
    description: input.description,
    fileType: input.file_type,
    fileUrl: input.file_url,
    fileSize,
    isActive: input.is_active,
  };
  const file = await saveSharedItem(db, opts, input.is_active, (tx) => insertSharedFile(tx, row), fileShared);
  return { file: toSharedFileDto(file) };
}

export async function updateSharedFile(
  db: Db,
  id: string,
  input: z.output<typeof updateSharedFileSchema>,
  /** `uploads`: where an upload the file no longer points at is deleted (absent: kept). */
  opts: MailOptions & { uploads?: UploadStore },
) {
  const current = await findSharedFileRow(db, id);
  if (!current) throw new AppError("NOT_FOUND", "File not found.");
  const data: SharedFileChanges = {
    title: input.title,
    description: input.description,
    fileUrl: input.file_url,
  };
  if (input.file_type) data.fileType = input.file_type;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  if (input.file_url !== current.fileUrl || input.file_size !== undefined)
    data.fileSize = await sizeFor(db, input.file_url, input.file_size);
  const isActive = data.isActive ?? current.isActive;
  const file = await saveSharedItem(db, opts, isActive, (tx) => updateSharedFileRow(tx, id, data), fileShared);
  // An uploaded file replaced by another would otherwise be kept with nothing pointing at it.
  if (opts.uploads && file.fileUrl !== current.fileUrl) await discardUpload(db, opts.uploads, current.fileUrl);
  return { file: toSharedFileDto(file) };
}

export async function setSharedFileActive(db: Db, id: string, isActive: boolean, opts: MailOptions) {
  if (!(await findSharedFileRow(db, id))) throw new AppError("NOT_FOUND", "File not found.");
  const file = await saveSharedItem(db, opts, isActive, (tx) => updateSharedFileRow(tx, id, { isActive }), fileShared);
  return { file: toSharedFileDto(file) };
}

/** Its uploaded file goes too unless another shared file or a photo still points at it. */
export async function deleteSharedFile(db: Db, id: string, opts: { uploads?: UploadStore } = {}) {
  const current = await findSharedFileRow(db, id);
  if (!current) throw new AppError("NOT_FOUND", "File not found.");
  await deleteSharedFileRow(db, id);
  if (opts.uploads) await discardUpload(db, opts.uploads, current.fileUrl);
  return { success: true };
}
