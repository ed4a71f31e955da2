// The upload store: type by content, size limits, server-made names, nothing outside the upload
// dir, and downloads only for those allowed (SECURITY-CHECKLIST #17-19).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { TINY_PNG } from "../helpers/upload-fixtures.ts";

let t: TestApp;
let dataDir: string;
let uploadDir: string;
let adminCookie: string;
let studentCookie: string;
let otherStudentCookie: string;
let studentId: string;

const PNG = TINY_PNG;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300, 32)]);

function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = "----adminTestBoundary7MA4YWxkTrZu0gW";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  url: string,
  cookie: string | undefined,
  file: { name: string; type: string; data: Buffer },
  fields?: Record<string, string>,
) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { "content-type": body.contentType, ...(cookie ? { cookie } : {}) },
  });
}

/** Every file under the data dir, relative to it. */
function allFiles(dir = dataDir, base = dataDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full, base) : [path.relative(base, full)];
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "files-int-"));
  uploadDir = path.join(dataDir, "uploads");
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const p = t.database.prisma;
  const teacher = await p.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
  adminCookie = `admin_session=${(await createSession(p, teacher.id, "admin")).token}`;
  studentId = (await p.user.create({ data: { email: "stud@test.example", name: "Stud" } })).id;
  const other = await p.user.create({ data: { email: "other@test.example", name: "Other" } });
  studentCookie = `student_session=${(await createSession(p, studentId, "student")).token}`;
  otherStudentCookie = `student_session=${(await createSession(p, other.id, "student")).token}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("uploads", () => {
  it("refuses visitors and students on the teacher's uploads", async () => {
    expect(
      (await upload("/api/files/upload", undefined, { name: "a.pdf", type: "application/pdf", data: PDF })).statusCode,
    ).toBe(401);
    expect(
      (await upload("/api/files/upload", studentCookie, { name: "a.pdf", type: "application/pdf", data: PDF }))
        .statusCode,
    ).toBe(401);
    expect(
      (await upload("/api/files/upload-profile-photo", studentCookie, { name: "a.png", type: "image/png", data: PNG }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await upload("/api/files/upload-student-profile-photo", undefined, {
          name: "a.png",
          type: "image/png",
          data: PNG,
        })
      ).statusCode,
    ).toBe(401);
  });

  it("stores an allowed file under a server-made name; `path` is only a label", async () => {
    const r = await upload(
      "/api/files/upload",
      adminCookie,
      { name: "Lesson 1 — notes.pdf", type: "text/plain", data: PDF },
      { path: "../../../etc" },
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.file).toMatchObject({
      original_name: "Lesson 1 — notes.pdf",
      mime_type: "application/pdf",
      file_type: "document",
      size: PDF.length,
      path: "../../../etc",
    });
    expect(body.fileUrl).toMatch(/^\/api\/files\/download\/[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(path.join(uploadDir, body.file.name))).toBe(true);
    expect(allFiles().filter((f) => !f.startsWith("uploads/"))).toEqual([]);
    const mine = (
      await t.app.inject({ method: "GET", url: "/api/files/my-files", headers: { cookie: adminCookie } })
    ).json().files;
    expect(mine.map((f: { name: string }) => f.name)).toContain(body.file.name);
  });

  it("refuses by content: HTML in a .png, SVG with script, a lying Content-Type, a non-image as photo", async () => {
    const before = allFiles().length;
    const cases: [string, { name: string; type: string; data: Buffer }][] = [
      [
        "/api/files/upload",
        { name: "cat.png", type: "image/png", data: Buffer.from("<html><script>alert(1)</script></html>") },
      ],
      [
        "/api/files/upload",
        {
          name: "x.svg",
          type: "image/svg+xml",
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ],
      [
        "/api/files/upload",
        { name: "run.pdf", type: "application/pdf", data: Buffer.from("MZ\x90\x00 not a pdf at all") },
      ],
      ["/api/files/upload", { name: "empty.pdf", type: "application/pdf", data: Buffer.alloc(0) }],
      ["/api/files/upload-profile-photo", { name: "me.png", type: "image/png", data: PDF }],
    ];
    for (const [url, file] of cases) {
      const r = await upload(url, adminCookie, file);
      expect(r.statusCode, file.name).toBe(400);
    }
    const photo = await upload("/api/files/upload-profile-photo", adminCookie, {
      name: "me.png",
      type: "image/png",
      data: PDF,
    });
    expect(photo.json().error).toBe("Please select an image file.");
    expect(allFiles().length).toBe(before);
  });

  it("answers 413 to limit+1 bytes and leaves no partial file", async () => {
    const before = allFiles().length;
    const started = Date.now();
    const big = await upload("/api/files/upload", adminCookie, {
      name: "big.pdf",
      type: "application/pdf",
      data: Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 1 - PDF.length)]),
    });
    expect(big.statusCode).toBe(413);
    expect(Date.now() - started).toBeLessThan(15_000);
    const photo = await upload("/api/files/upload-profile-photo", adminCookie, {
      name: "huge.png",
      type: "image/png",
      data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]),
    });
    expect(photo.statusCode).toBe(413);
    expect(allFiles().length).toBe(before);
    // Exactly the limit is fine.
    const exact = await upload("/api/files/upload-profile-photo", adminCookie, {
      name: "ok.png",
      type: "image/png",
      data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]),
    });
    expect(exact.statusCode).toBe(200);
  });

  it("refuses a cross-site multipart upload before reading it", async () => {
    const before = allFiles().length;
    const body = multipart({ name: "a.pdf", type: "application/pdf", data: PDF });
    const r = await t.app.inject({
      method: "POST",
      url: "/api/files/upload",
      payload: body.payload,
      headers: {
        "content-type": body.contentType,
        cookie: adminCookie,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(r.statusCode).toBe(403);
    expect(allFiles().length).toBe(before);
  });

  it("refuses a request of 1,001 parts without storing anything", async () => {
    const before = allFiles().length;
    const fields = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, "x"]));
    const body = multipart({ name: "a.pdf", type: "application/pdf", data: PDF }, fields);
    const r = await t.app.inject({
      method: "POST",
      url: "/api/files/upload",
      payload: body.payload,
      headers: { "content-type": body.contentType, cookie: adminCookie },
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(allFiles().length).toBe(before);
  });

  it("keeps traversal names inside the upload dir", async () => {
    for (const name of [
      "../../x.pdf",
      "..%2f..%2fx.pdf",
      "/etc/passwd",
      "a\u0000b.pdf",
      `${"n".repeat(300)}.pdf`,
      "..\\..\\win.pdf",
    ]) {
      const r = await upload("/api/files/upload", adminCookie, { name, type: "application/pdf", data: PDF });
      expect(r.statusCode, name).toBe(200);
      expect(r.json().file.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(r.json().file.original_name).not.toMatch(/[\\/]/);
      expect(r.json().file.original_name.includes(String.fromCharCode(0))).toBe(false);
    }
    expect(allFiles().filter((f) => !f.startsWith("uploads/"))).toEqual([]);
    expect(existsSync(path.join(dataDir, "..", "x.pdf"))).toBe(false);
    expect(readdirSync(uploadDir).filter((f) => f.startsWith(".partial"))).toEqual([]);
  });

  it("lets a student upload their own profile photo (image only)", async () => {
    const r = await upload("/api/files/upload-student-profile-photo", studentCookie, {
      name: "me.gif",
      type: "image/gif",
      data: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().imageUrl).toMatch(/\.gif$/);
    expect((await t.database.prisma.user.findUniqueOrThrow({ where: { id: studentId } })).imageUrl).toBe(
      r.json().imageUrl,
    );
    expect(
      (
        await upload("/api/files/upload-student-profile-photo", studentCookie, {
          name: "me.png",
          type: "image/png",
          data: PDF,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("downloads", () => {
  it("serves the uploader, admins and students an active shared file points them to — nobody else", async () => {
    const up = (
      await upload("/api/files/upload", adminCookie, { name: "worksheet.pdf", type: "application/pdf", data: PDF })
    ).json();
    const url = up.fileUrl as string;
    const get = (cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    const asAdmin = await get(adminCookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers["content-type"]).toBe("application/pdf");
    expect(asAdmin.headers["content-disposition"]).toMatch(/^attachment; filename="worksheet.pdf"/);
    expect(asAdmin.headers["x-content-type-options"]).toBe("nosniff");
    expect(asAdmin.rawPayload.equals(PDF)).toBe(true);
    expect((await get()).statusCode).toBe(404);
    expect((await get(studentCookie)).statusCode).toBe(404);

    const share = await t.app.inject({
      method: "POST",
      url: "/api/admin/shared-files",
      headers: { "content-type": "application/json", cookie: adminCookie },
      payload: JSON.stringify({ student_id: studentId, title: "Worksheet", file_url: url }),
    });
    expect(share.json().file.file_size).toBe(PDF.length);
    expect((await get(studentCookie)).statusCode).toBe(200);
    expect((await get(otherStudentCookie)).statusCode).toBe(404);
    const fileId = share.json().file.id;
    expect(
      (await t.database.prisma.sharedFile.findUniqueOrThrow({ where: { id: fileId } })).lastViewedAt,
    ).not.toBeNull();
    await t.database.prisma.sharedFile.update({ where: { id: fileId }, data: { isActive: false } });
    expect((await get(studentCookie)).statusCode).toBe(404);
  });

  it("serves the teacher's profile photo to anyone, a student's photo to them and admins only", async () => {
    const teacherPhoto = (
      await upload("/api/files/upload-profile-photo", adminCookie, { name: "t.png", type: "image/png", data: PNG })
    ).json().imageUrl;
    expect((await t.app.inject({ method: "GET", url: teacherPhoto })).headers["content-type"]).toBe("image/png");
    // Kept, not yet the teacher's photo: the settings' Save Changes stores it (settings-photo tests).
    expect((await t.database.prisma.teacher.findFirstOrThrow()).imageUrl).not.toBe(teacherPhoto);
    const studentPhoto = (
      await upload("/api/files/upload-student-profile-photo", studentCookie, {
        name: "s.png",
        type: "image/png",
        data: PNG,
      })
    ).json().imageUrl;
    expect((await t.app.inject({ method: "GET", url: studentPhoto })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: studentPhoto, headers: { cookie: otherStudentCookie } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: studentPhoto, headers: { cookie: studentCookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: studentPhoto, headers: { cookie: adminCookie } })).statusCode,
    ).toBe(200);
  });

  it.each([
    "..%2f..%2fetc%2fpasswd",
    "../../etc/passwd",
    "%2e%2e%2fserver.lock",
    "x.pdf",
    "00000000-0000-0000-0000-000000000000.pdf",
  ])("answers 404 to the traversal or unknown name %s", async (name) => {
    const r = await t.app.inject({
      method: "GET",
      url: `/api/files/download/${name}`,
      headers: { cookie: adminCookie },
    });
    expect(r.statusCode, name).toBe(404);
  });
});

describe("upload rate limit", () => {
  it("throttles uploads per account with 429", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_UPLOAD: "2" } });
    try {
      const teacher = await limited.database.prisma.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
      const cookie = `admin_session=${(await createSession(limited.database.prisma, teacher.id, "admin")).token}`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const body = multipart({ name: "a.pdf", type: "application/pdf", data: PDF });
        codes.push(
          (
            await limited.app.inject({
              method: "POST",
              url: "/api/files/upload",
              payload: body.payload,
              headers: { "content-type": body.contentType, cookie },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
