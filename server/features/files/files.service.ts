// The upload store: files are kept under names the server makes (a UUID and the extension of the
// detected type), in DATA_DIR/uploads or in the database (upload-store.ts); the name a browser
// sent is kept only as a label in the database. A file is accepted only when its first bytes say
// it is an allowed type.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "../../db.ts";
import { AppError, type LocalisedText } from "../../errors.ts";
import { type DetectedType, detectStoredFileType } from "./file-type.ts";
import {
  DOWNLOAD_PREFIX,
  deleteUploadRow,
  findUpload,
  isSharedWithStudent,
  isUploadReferenced,
  listUploadNamesOfKind,
  listUploadsOf,
  recordStudentDownload,
} from "./files.data.ts";
import type { UploadStore } from "./upload-store.ts";

export type UploadKind = "shared" | "profile" | "student-profile";

const tooLarge = (maxBytes: number): LocalisedText => ({
  key: "errors.fileTooLarge",
  values: { mb: maxBytes / 1024 / 1024 },
});
export const NOT_ALLOWED_MESSAGE =
  "This type of file is not allowed. Upload a document (PDF, Word, OpenDocument, RTF), audio, video or image file.";
export const NOT_IMAGE_MESSAGE = "Please select an image file.";

/** Server-made names only: anything else (traversal, NUL, odd characters) is not a stored file. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;
export const isStoredName = (name: string) => STORED_NAME.test(name);

/** Keeps a readable label of the browser's file name: no path, no control characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || "file";
}

export type IncomingFile = { file: Readable & { truncated?: boolean }; filename?: string };

/**
 * Streams one multipart file to a scratch file of the store, counting bytes; over the limit (the
 * multipart parser stops at limit+1) or of a type not allowed, the scratch file is removed and
 * nothing is kept.
 */
export async function storeUpload(
  db: Db,
  store: UploadStore,
  ownerId: string,
  incoming: IncomingFile,
  opts: { kind: UploadKind; maxBytes: number; imagesOnly: boolean },
) {
  const scratch = path.join(store.scratchDir, `.partial-${randomUUID()}`);
  let size = 0;
  try {
    incoming.file.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    await pipeline(incoming.file, createWriteStream(scratch, { flags: "wx" }));
    if (incoming.file.truncated || size > opts.maxBytes)
      throw new AppError("PAYLOAD_TOO_LARGE", tooLarge(opts.maxBytes));
  } catch (error) {
    await unlink(scratch).catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", tooLarge(opts.maxBytes));
    throw error;
  }
  let detected: DetectedType | null;
  try {
    detected = size === 0 ? null : await detectStoredFileType(scratch);
    if (!detected || (opts.imagesOnly && detected.category !== "image")) {
      throw new AppError("BAD_REQUEST", opts.imagesOnly ? NOT_IMAGE_MESSAGE : NOT_ALLOWED_MESSAGE);
    }
  } catch (error) {
    await unlink(scratch).catch(() => {});
    throw error;
  }
  try {
    const row = await store.keep(db, scratch, {
      storedName: `${randomUUID()}.${detected.ext}`,
      ownerId,
      originalName: cleanOriginalName(incoming.filename),
      mimeType: detected.mime,
      size,
      kind: opts.kind,
    });
    return toUploadDto(row, detected.category);
  } catch (error) {
    await unlink(scratch).catch(() => {});
    throw error;
  }
}

type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

function categoryOf(mime: string) {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  return "document";
}

export function toUploadDto(row: UploadRow, category = categoryOf(row.mimeType)) {
  return {
    name: row.storedName,
    original_name: row.originalName,
    url: `${DOWNLOAD_PREFIX}${row.storedName}`,
    size: row.size,
    mime_type: row.mimeType,
    file_type: category,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMyFiles(db: Db, ownerId: string) {
  return { files: (await listUploadsOf(db, ownerId)).map((r) => toUploadDto(r)) };
}

export type Viewer = { adminId: string | null; studentId: string | null };

/**
 * Who may download: the uploader, an admin, a student an active shared file (pointing at this
 * upload) is shared with, and anyone for a teacher's profile photo (the public teacher card).
 * Everyone else gets the same 404 as for a name that does not exist.
 */
export async function openDownload(db: Db, store: UploadStore, name: string, viewer: Viewer) {
  const notFound = new AppError("NOT_FOUND", "File not found.");
  if (!isStoredName(name)) throw notFound;
  const row = await findUpload(db, name);
  if (!row) throw notFound;
  const isAdmin = viewer.adminId !== null;
  const isOwner = row.ownerId !== null && (row.ownerId === viewer.studentId || row.ownerId === viewer.adminId);
  const sharedFileId =
    row.kind === "profile" || isAdmin || isOwner || viewer.studentId === null
      ? null
      : await isSharedWithStudent(db, name, viewer.studentId);
  const allowed = row.kind === "profile" || isAdmin || isOwner || sharedFileId !== null;
  if (!allowed) throw notFound;
  if (sharedFileId && viewer.studentId) await recordStudentDownload(db, sharedFileId, viewer.studentId);
  const stream = await store.open(db, name);
  if (!stream) throw notFound;
  return { stream, mimeType: row.mimeType, size: row.size, originalName: row.originalName };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(originalName: string) {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

/**
 * Deletes an upload of ours (row, then file) once nothing points at it any more: a replaced
 * profile photo would otherwise stay stored for ever (5 MB each, 20 uploads a minute). A URL
 * that is not one of our uploads (an https:// photo) is left alone.
 */
export async function discardUpload(db: Db, store: UploadStore, fileUrl: string | null | undefined) {
  if (!fileUrl?.startsWith(DOWNLOAD_PREFIX)) return false;
  const name = fileUrl.slice(DOWNLOAD_PREFIX.length);
  if (!isStoredName(name) || (await isUploadReferenced(db, name))) return false;
  if (!(await deleteUploadRow(db, name))) return false;
  await store.removeBytes(name);
  return true;
}

/** How long an uploaded photo may wait for its Save Changes before it counts as abandoned. */
export const UNSAVED_PHOTO_GRACE_MS = 60 * 60 * 1000;

/** Deletes photos of `kind` uploaded over the grace period ago that no profile ever used. */
export async function discardAbandonedPhotos(db: Db, store: UploadStore, kind: UploadKind, now = new Date()) {
  const names = await listUploadNamesOfKind(db, kind, new Date(now.getTime() - UNSAVED_PHOTO_GRACE_MS));
  for (const name of names) await discardUpload(db, store, `${DOWNLOAD_PREFIX}${name}`);
}
