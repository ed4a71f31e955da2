import type { Db } from "../../db.ts";

export const DOWNLOAD_PREFIX = "/api/files/download/";

const uploadSelect = {
  storedName: true,
  ownerId: true,
  originalName: true,
  mimeType: true,
  size: true,
  kind: true,
  createdAt: true,
} as const;

export function insertUpload(
  db: Db,
  data: { storedName: string; ownerId: string; originalName: string; mimeType: string; size: number; kind: string },
) {
  return db.upload.create({ data, select: uploadSelect });
}

export function findUpload(db: Db, storedName: string) {
  return db.upload.findUnique({ where: { storedName }, select: uploadSelect });
}

export function findUploadByUrl(db: Db, fileUrl: string) {
  if (!fileUrl.startsWith(DOWNLOAD_PREFIX)) return Promise.resolve(null);
  return findUpload(db, fileUrl.slice(DOWNLOAD_PREFIX.length));
}

export function listUploadsOf(db: Db, ownerId: string) {
  return db.upload.findMany({ where: { ownerId }, orderBy: { createdAt: "desc" }, take: 500, select: uploadSelect });
}

/** Whether an active shared file of this student points at the upload. */
export async function isSharedWithStudent(db: Db, storedName: string, studentId: string) {
  const found = await db.sharedFile.findFirst({
    where: { studentId, isActive: true, fileUrl: `${DOWNLOAD_PREFIX}${storedName}` },
    select: { id: true },
  });
  return found?.id ?? null;
}

export async function recordStudentDownload(db: Db, fileId: string, userId: string) {
  await db.$transaction([
    db.fileAccessLog.create({ data: { fileId, userId, accessType: "download" }, select: { id: true } }),
    db.sharedFile.update({ where: { id: fileId }, data: { lastViewedAt: new Date() }, select: { id: true } }),
  ]);
}

export function setUserImage(db: Db, userId: string, imageUrl: string) {
  return db.user.update({ where: { id: userId }, data: { imageUrl }, select: { id: true } });
}

export async function findUserImage(db: Db, userId: string) {
  return (await db.user.findUnique({ where: { id: userId }, select: { imageUrl: true } }))?.imageUrl ?? null;
}

/** Whether any teacher photo, student photo or shared file still points at the upload. */
export async function isUploadReferenced(db: Db, storedName: string) {
  const url = `${DOWNLOAD_PREFIX}${storedName}`;
  const [teachers, users, shared] = await Promise.all([
    db.teacher.count({ where: { imageUrl: url } }),
    db.user.count({ where: { imageUrl: url } }),
    db.sharedFile.count({ where: { fileUrl: url } }),
  ]);
  return teachers + users + shared > 0;
}

export async function deleteUploadRow(db: Db, storedName: string) {
  const { count } = await db.upload.deleteMany({ where: { storedName } });
  return count > 0;
}

/** Stored names of uploads of `kind` made before `before` (oldest first, a bounded batch). */
export async function listUploadNamesOfKind(db: Db, kind: string, before: Date) {
  const rows = await db.upload.findMany({
    where: { kind, createdAt: { lt: before } },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: { storedName: true },
  });
  return rows.map((r) => r.storedName);
}

/** An upload's row and its bytes in one transaction: no row without its bytes, no bytes without a row. */
export function insertUploadWithChunks(
  db: Db,
  data: Parameters<typeof insertUpload>[1],
  chunks: AsyncIterable<Uint8Array<ArrayBuffer>>,
) {
  return db.$transaction(async (tx) => {
    const row = await tx.upload.create({ data, select: uploadSelect });
    let index = 0;
    for await (const chunk of chunks) {
      await tx.uploadChunk.create({
        data: { storedName: data.storedName, index: index++, data: chunk },
        select: { index: true },
      });
    }
    return row;
  });
}

/** The bytes of a legacy upload (a row whose file was on disk) moved into the database. */
export function insertUploadChunks(db: Db, storedName: string, chunks: AsyncIterable<Uint8Array<ArrayBuffer>>) {
  return db.$transaction(async (tx) => {
    let index = 0;
    for await (const chunk of chunks) {
      await tx.uploadChunk.create({ data: { storedName, index: index++, data: chunk }, select: { index: true } });
    }
  });
}

export async function readUploadChunk(db: Db, storedName: string, index: number) {
  const row = await db.uploadChunk.findUnique({
    where: { storedName_index: { storedName, index } },
    select: { data: true },
  });
  return row?.data ?? null;
}

/** Uploads whose bytes the database holds (a backup's count). */
export function countUploadsInDatabase(db: Db) {
  return db.uploadChunk.count({ where: { index: 0 } });
}

/** Of these stored names, those with a row but no bytes in the database. */
export async function listUploadsWithoutChunks(db: Db, storedNames: string[]) {
  const rows = await db.upload.findMany({
    where: { storedName: { in: storedNames }, chunks: { none: {} } },
    select: { storedName: true },
  });
  return rows.map((r) => r.storedName);
}
