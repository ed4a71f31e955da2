// The upload store's REST routes (/api/files/*). Uploads are multipart (the security plugin
// already refuses cross-site writes of any content type); downloads go only to those allowed.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PROFILE_PHOTO_MAX_BYTES, SHARED_FILE_MAX_BYTES } from "../../shared/constants.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { requireAdmin, requireAdminOrStudent, requireStudent } from "../features/auth/roles.ts";
import { findUserImage, setUserImage } from "../features/files/files.data.ts";
import {
  contentDisposition,
  discardUpload,
  listMyFiles,
  openDownload,
  storeUpload,
  type UploadKind,
} from "../features/files/files.service.ts";
import type { UploadStore } from "../features/files/upload-store.ts";
import type { RateLimiter } from "../plugins/rate-limit.ts";

type Options = { db: Db; env: Env; rateLimiter: RateLimiter; uploads: UploadStore };

export async function fileRoutes(app: FastifyInstance, opts: Options) {
  const { db, uploads: store } = opts;
  await app.register(multipart, {
    // Hard ceilings for every part; each route narrows fileSize further.
    limits: { fileSize: SHARED_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });

  // Counted per account (plugins/rate-limit.ts) before a byte of the file is read.
  const upload = { config: { rateLimit: "upload" } } as const;

  async function receive(request: FastifyRequest, ownerId: string, kind: UploadKind, maxBytes: number) {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
    if (!part) throw new AppError("BAD_REQUEST", "Please choose a file to upload.");
    const label = part.fields.path && "value" in part.fields.path ? String(part.fields.path.value).slice(0, 200) : null;
    const file = await storeUpload(db, store, ownerId, part, { kind, maxBytes, imagesOnly: kind !== "shared" });
    return { file, label };
  }

  app.post("/api/files/upload", upload, async (request) => {
    const admin = await requireAdmin(request.sessionUser);
    const { file, label } = await receive(request, admin.id, "shared", SHARED_FILE_MAX_BYTES);
    // `path` is only a label the client may show; it never names a place on disk.
    return { success: true, file: { ...file, path: label }, fileUrl: file.url, fileSize: file.size };
  });

  app.post("/api/files/upload-profile-photo", upload, async (request) => {
    const admin = await requireAdmin(request.sessionUser);
    // Only kept: the settings' Save Changes makes it the teacher's photo (settings.service.ts).
    const { file } = await receive(request, admin.id, "profile", PROFILE_PHOTO_MAX_BYTES);
    return { success: true, imageUrl: file.url };
  });

  app.post("/api/files/upload-student-profile-photo", upload, async (request) => {
    const student = await requireStudent(request.sessionUser);
    const { file } = await receive(request, student.id, "student-profile", PROFILE_PHOTO_MAX_BYTES);
    const previous = await findUserImage(db, student.id);
    await setUserImage(db, student.id, file.url);
    await discardUpload(db, store, previous);
    return { success: true, imageUrl: file.url };
  });

  app.get("/api/files/my-files", async (request) => {
    return listMyFiles(db, (await requireAdminOrStudent(request.sessionUser)).id);
  });

  app.get<{ Params: { name: string } }>("/api/files/download/:name", async (request, reply) => {
    const admin = await request.sessionUser("admin");
    const student = await request.sessionUser("student");
    const download = await openDownload(db, store, request.params.name, {
      adminId: admin?.isAdmin ? admin.id : null,
      studentId: student?.id ?? null,
    });
    return reply
      .header("Content-Type", download.mimeType)
      .header("Content-Length", String(download.size))
      .header("Content-Disposition", contentDisposition(download.originalName))
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .header("Content-Security-Policy", "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox")
      .send(download.stream);
  });
}
