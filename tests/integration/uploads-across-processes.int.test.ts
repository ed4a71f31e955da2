// Uploads any process can serve (decision 0009): with DATABASE_URL, two servers with different
// DATA_DIRs on one PostgreSQL database serve each other's photos and shared files byte for byte,
// a deleted owner, shared file or replaced photo leaves no bytes behind, and a backup restored
// into a new database brings the files back. The embedded default keeps them in DATA_DIR/uploads.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createBackupArchive, restoreIntoPostgres } from "../../server/features/ops/backup.service.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";
import { TINY_PNG } from "../helpers/upload-fixtures.ts";

const scratch = mkdtempSync(path.join(os.tmpdir(), "uploads-across-"));
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  rmSync(scratch, { recursive: true, force: true });
});

// Over three 1 MiB chunks, so a download is served from several rows, and unlike any other file.
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * 1024 * 1024 + 12_345)]);
const PHOTO = TINY_PNG;
const OTHER_PHOTO = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = "----acrossProcessesBoundary";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(t: TestApp, url: string, cookie: string, file: { name: string; type: string; data: Buffer }) {
  const body = multipart(file);
  const r = await t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { "content-type": body.contentType, cookie },
  });
  expect(r.statusCode, r.body).toBe(200);
  const json = r.json() as { fileUrl?: string; imageUrl?: string };
  return (json.fileUrl ?? json.imageUrl) as string;
}

const download = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** The headers a download is answered with, minus those that name the moment. */
const servedHeaders = (r: Awaited<ReturnType<typeof download>>) => {
  const { date: _, connection: __, ...headers } = r.headers;
  return headers;
};

const storedName = (url: string) => url.slice(url.lastIndexOf("/") + 1);

async function signIn(t: TestApp, email: string, kind: "admin" | "student") {
  const p = t.database.prisma;
  const user =
    (await p.user.findUnique({ where: { email } })) ??
    (await p.user.create({ data: { email, name: "Across Student" } }));
  return { id: user.id, cookie: `${kind}_session=${(await createSession(p, user.id, kind)).token}` };
}

/** Stored names of the uploads whose bytes the database holds. */
/** The teacher shares `fileUrl` with a student as "Reading". */
const shareReading = (t: TestApp, cookie: string, studentId: string, fileUrl: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/shared-files",
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({ student_id: studentId, title: "Reading", file_url: fileUrl }),
  });

/** The signed-in student deletes their own account, confirming with the word DELETE. */
const deleteAccount = (t: TestApp, cookie: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/student/delete-account",
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({ confirmation: "DELETE" }),
  });

async function namesWithBytes(database: TestDatabase) {
  const rows = await database.prisma.uploadChunk.findMany({ where: { index: 0 }, select: { storedName: true } });
  return rows.map((r) => r.storedName).sort();
}

/** Every file under a data directory (relative names). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.runIf(testEngine === "postgresql")("two servers with different DATA_DIRs on one PostgreSQL", () => {
  it("serve each other's uploads, remove them with their owner, and a restored backup brings them back", async () => {
    const database = await createTestDatabase("postgresql", { catalogue: true });
    closing.push(() => database.close());
    const url = database.url as string;
    const dirA = path.join(scratch, "a");
    const dirB = path.join(scratch, "b");
    const a = await createTestApp({ database, env: { DATA_DIR: dirA, DATABASE_URL: url } });
    closing.push(() => a.close());
    const b = await createTestApp({ database, env: { DATA_DIR: dirB, DATABASE_URL: url } });
    closing.push(() => b.close());

    const admin = await signIn(a, "teacher@school.test", "admin");
    const student = await signIn(a, "across@test.example", "student");

    // Uploaded through A: the teacher's photo, a shared file (shared with the student), the student's photo.
    const teacherPhoto = await upload(a, "/api/files/upload-profile-photo", admin.cookie, {
      name: "giulia.png",
      type: "image/png",
      data: PHOTO,
    });
    const fileUrl = await upload(a, "/api/files/upload", admin.cookie, {
      name: "Unit 3 — reading.pdf",
      type: "application/pdf",
      data: PDF,
    });
    const share = await shareReading(a, admin.cookie, student.id, fileUrl);
    expect(share.statusCode, share.body).toBe(200);
    const studentPhoto = await upload(a, "/api/files/upload-student-profile-photo", student.cookie, {
      name: "me.png",
      type: "image/png",
      data: PHOTO,
    });

    // Served by B byte for byte, with the headers A answers with.
    for (const [url, cookie, bytes] of [
      [teacherPhoto, undefined, PHOTO],
      [fileUrl, student.cookie, PDF],
      [fileUrl, admin.cookie, PDF],
      [studentPhoto, student.cookie, PHOTO],
    ] as const) {
      const fromB = await download(b, url, cookie);
      expect(fromB.statusCode, url).toBe(200);
      expect(fromB.rawPayload.equals(bytes), url).toBe(true);
      expect(servedHeaders(fromB)).toEqual(servedHeaders(await download(a, url, cookie)));
    }
    const pdfFromB = await download(b, fileUrl, student.cookie);
    expect(pdfFromB.headers["content-type"]).toBe("application/pdf");
    expect(pdfFromB.headers["content-length"]).toBe(String(PDF.length));
    expect(pdfFromB.headers["content-disposition"]).toMatch(/^attachment; filename="Unit 3 _ reading.pdf"/);
    expect(pdfFromB.headers["cache-control"]).toBe("private, no-store");
    // Who may download is unchanged: B refuses a visitor the shared file and the student's photo.
    expect((await download(b, fileUrl)).statusCode).toBe(404);
    expect((await download(b, studentPhoto)).statusCode).toBe(404);
    // Nothing of an upload is on either machine's disk.
    expect(filesUnder(dirA)).toEqual([]);
    expect(filesUnder(dirB)).toEqual([]);
    expect(await database.prisma.uploadChunk.count({ where: { storedName: storedName(fileUrl) } })).toBe(4);

    // A backup holds the files; restored into a new, empty database, a third server serves them.
    const archive = await createBackupArchive(database, {
      uploadsDir: path.join(dirA, "uploads"),
      outDir: path.join(scratch, "archives"),
    });
    const target = await createTestDatabase("postgresql");
    closing.push(() => target.close());
    await target.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE");
    await target.prisma.$executeRawUnsafe("CREATE SCHEMA public");
    const manifest = await restoreIntoPostgres(archive, target.url as string, path.join(scratch, "c", "uploads"));
    expect(manifest.uploads).toBe(3);
    const c = await createTestApp({
      database: target,
      env: { DATA_DIR: path.join(scratch, "c"), DATABASE_URL: target.url as string },
    });
    closing.push(() => c.close());
    const restored = await download(c, fileUrl, admin.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.rawPayload.equals(PDF)).toBe(true);
    expect((await download(c, teacherPhoto)).rawPayload.equals(PHOTO)).toBe(true);

    // A replaced photo leaves no bytes: the student's new photo, uploaded through B.
    const newPhoto = await upload(b, "/api/files/upload-student-profile-photo", student.cookie, {
      name: "me.gif",
      type: "image/gif",
      data: OTHER_PHOTO,
    });
    expect(await namesWithBytes(database)).not.toContain(storedName(studentPhoto));
    expect((await download(a, studentPhoto, student.cookie)).statusCode).toBe(404);
    expect((await download(a, newPhoto, student.cookie)).rawPayload.equals(OTHER_PHOTO)).toBe(true);

    // Deleting the student's account through B removes their photo's bytes; A no longer serves it.
    const erased = await deleteAccount(b, student.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().files_removed).toBe(1);
    expect((await download(a, newPhoto, admin.cookie)).statusCode).toBe(404);
    expect(await namesWithBytes(database)).toEqual([storedName(fileUrl), storedName(teacherPhoto)].sort());

    // The teacher's shared file went with the student (cascade); its upload is hers until she
    // deletes a shared file that points at it: shared again, then deleted through B.
    const other = await signIn(a, "other-across@test.example", "student");
    const again = await shareReading(a, admin.cookie, other.id, fileUrl);
    expect(again.statusCode, again.body).toBe(200);
    const removed = await b.app.inject({
      method: "DELETE",
      url: `/api/admin/shared-files/${again.json().file.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await download(a, fileUrl, admin.cookie)).statusCode).toBe(404);
    expect(await namesWithBytes(database)).toEqual([storedName(teacherPhoto)]);
    // No chunk is left without its upload row, and no row of an upload without its bytes.
    expect(await database.prisma.uploadChunk.count()).toBe(1);
    expect(await database.prisma.upload.count()).toBe(1);
    expect(filesUnder(dirA)).toEqual([]);
    expect(filesUnder(dirB)).toEqual([]);
  }, 180_000);

  it("moves files an older version kept in DATA_DIR/uploads into the database", async () => {
    const database = await createTestDatabase("postgresql", { catalogue: true });
    closing.push(() => database.close());
    const dir = path.join(scratch, "legacy");
    // An older version: no DATABASE_URL in the app's env, so the file lands in dir/uploads.
    const before = await createTestApp({ database, env: { DATA_DIR: dir } });
    const admin = await signIn(before, "teacher@school.test", "admin");
    const fileUrl = await upload(before, "/api/files/upload", admin.cookie, {
      name: "old.pdf",
      type: "application/pdf",
      data: PDF,
    });
    await before.close();
    expect(filesUnder(dir)).toEqual([`uploads/${storedName(fileUrl)}`]);

    const { importDiskUploads } = await import("../../server/features/files/upload-store.ts");
    expect(await importDiskUploads(database.prisma, dir)).toBe(1);
    expect(filesUnder(dir)).toEqual([]);
    expect(await importDiskUploads(database.prisma, dir)).toBe(0);
    const other = await createTestApp({
      database,
      env: { DATA_DIR: path.join(scratch, "elsewhere"), DATABASE_URL: database.url as string },
    });
    closing.push(() => other.close());
    const served = await download(other, fileUrl, admin.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  }, 120_000);
});

describe("the embedded default", () => {
  it("keeps uploads in DATA_DIR/uploads, none in the database, and removes the file with its owner", async () => {
    const dir = path.join(scratch, "embedded");
    const t = await createTestApp({ env: { DATA_DIR: dir } });
    closing.push(() => t.close());
    const student = await signIn(t, "embedded@test.example", "student");
    const photo = await upload(t, "/api/files/upload-student-profile-photo", student.cookie, {
      name: "me.png",
      type: "image/png",
      data: PHOTO,
    });
    expect(filesUnder(path.join(dir, "uploads"))).toEqual([storedName(photo)]);
    expect(await t.database.prisma.uploadChunk.count()).toBe(0);
    expect((await download(t, photo, student.cookie)).rawPayload.equals(PHOTO)).toBe(true);
    const erased = await deleteAccount(t, student.cookie);
    expect(erased.json().files_removed).toBe(1);
    expect(filesUnder(path.join(dir, "uploads"))).toEqual([]);
  });

  it("deletes a shared file's upload when the file points elsewhere or is deleted", async () => {
    const dir = path.join(scratch, "embedded-shared");
    const t = await createTestApp({ env: { DATA_DIR: dir } });
    closing.push(() => t.close());
    const admin = await signIn(t, "teacher@school.test", "admin");
    const student = await signIn(t, "embedded-shared@test.example", "student");
    const pdf = { name: "a.pdf", type: "application/pdf", data: PDF.subarray(0, 4096) };
    const first = await upload(t, "/api/files/upload", admin.cookie, pdf);
    const second = await upload(t, "/api/files/upload", admin.cookie, pdf);
    const send = (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: admin.cookie, ...(body ? { "content-type": "application/json" } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      });
    const created = await send("POST", "/api/admin/shared-files", {
      student_id: student.id,
      title: "Worksheet",
      file_url: first,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().file.id as string;
    const moved = await send("PUT", `/api/admin/shared-files/${id}`, { title: "Worksheet", file_url: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(filesUnder(path.join(dir, "uploads"))).toEqual([storedName(second)]);
    expect((await send("DELETE", `/api/admin/shared-files/${id}`)).statusCode).toBe(200);
    expect(filesUnder(path.join(dir, "uploads"))).toEqual([]);
    expect(await t.database.prisma.upload.count()).toBe(0);
  });
});
