// The student's profile photo through POST /api/files/upload-student-profile-photo (the upload
// store is the admin feature's): content checked by magic bytes, 5 MB, server-made names inside
// the upload dir, and each student's photo and files stay theirs.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { PROFILE_PHOTO_MAX_BYTES } from "../../shared/constants.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { TINY_PNG } from "../helpers/upload-fixtures.ts";

let t: TestApp;
let dataDir: string;
let uploadDir: string;
let a: { id: string; cookie: string };
let b: { id: string; cookie: string };

const PNG = TINY_PNG;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 2)]);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300, 32)]);
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
const PHOTO_URL = "/api/files/upload-student-profile-photo";

function upload(cookie: string | undefined, file: { name: string; type: string; data: Buffer }) {
  const boundary = "----portalPhotoBoundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nprofile\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: PHOTO_URL,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

const imageUrlOf = async (id: string) => (await t.database.prisma.user.findUniqueOrThrow({ where: { id } })).imageUrl;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-files-"));
  uploadDir = path.join(dataDir, "uploads");
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = t.database.prisma;
  const make = async (email: string) => {
    const user = await db.user.create({ data: { email, name: email.split("@")[0] } });
    return { id: user.id, cookie: `student_session=${(await createSession(db, user.id, "student")).token}` };
  };
  a = await make("anna@photo.test");
  b = await make("bruno@photo.test");
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("student profile photo", () => {
  it("refuses visitors", async () => {
    expect((await upload(undefined, { name: "a.png", type: "image/png", data: PNG })).statusCode).toBe(401);
  });

  it("refuses a non-image wearing an image name and type, and stores nothing", async () => {
    const before = filesUnder(dataDir);
    for (const file of [
      { name: "me.png", type: "image/png", data: PDF },
      { name: "me.jpg", type: "image/jpeg", data: HTML },
      { name: "me.gif", type: "image/gif", data: Buffer.from("GIF-not-really") },
    ]) {
      const r = await upload(a.cookie, file);
      expect(r.statusCode, file.name).toBe(400);
    }
    expect(filesUnder(dataDir)).toEqual(before);
    expect(await imageUrlOf(a.id)).toBeNull();
  });

  it("refuses an image over 5 MB with 413 and leaves no partial file", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1 - PNG.length)]);
    const r = await upload(a.cookie, { name: "big.png", type: "image/png", data: big });
    expect(r.statusCode).toBe(413);
    expect(filesUnder(uploadDir).filter((f) => !f.startsWith(".")).length).toBe(0);
    expect(filesUnder(uploadDir).filter((f) => f.includes("partial"))).toEqual([]);
    expect(await imageUrlOf(a.id)).toBeNull();
  });

  it("stores a path-traversal name under a server-made name inside the upload dir", async () => {
    for (const name of ["../../evil.png", "..%2f..%2fevil.png", "/etc/passwd.png", "..\\..\\evil.png"]) {
      const r = await upload(a.cookie, { name, type: "image/png", data: PNG });
      expect(r.statusCode, name).toBe(200);
      expect(r.json().imageUrl).toMatch(/^\/api\/files\/download\/[0-9a-f-]{36}\.png$/);
    }
    expect(filesUnder(dataDir).filter((f) => !f.startsWith("uploads/") && !f.startsWith("pglite"))).toEqual([]);
    expect(existsSync(path.join(dataDir, "..", "evil.png"))).toBe(false);
    expect(existsSync(path.join(os.tmpdir(), "evil.png"))).toBe(false);
  });

  it("sets only the uploader's photo; the profile shows it; another student cannot fetch it", async () => {
    const r = await upload(a.cookie, { name: "anna.jpg", type: "image/jpeg", data: JPEG });
    expect(r.statusCode).toBe(200);
    const url = r.json().imageUrl as string;
    const profile = await t.app.inject({ method: "GET", url: "/api/student/profile", headers: { cookie: a.cookie } });
    expect(profile.json().profile.imageUrl).toBe(url);
    expect(await imageUrlOf(b.id)).toBeNull();
    const mine = await t.app.inject({ method: "GET", url, headers: { cookie: a.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect((await t.app.inject({ method: "GET", url, headers: { cookie: b.cookie } })).statusCode).toBe(404);
    const bFiles = await t.app.inject({ method: "GET", url: "/api/files/my-files", headers: { cookie: b.cookie } });
    expect(bFiles.body).not.toContain(url.split("/").at(-1));
  });
});
