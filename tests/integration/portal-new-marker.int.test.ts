// Shared files and notes (issue 16, item 7): sharing one with a student queues one email (a
// private note none, and showing an item again no second one); Resources marks each new until its
// student opens it, and another student's calls cannot clear the marker.
import { beforeEach, describe, expect, it } from "vitest";
import { prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const admin = () => t.caller({ admin: t.admin });

const mailsTo = (student: TestUser) =>
  db().outboxEmail.findMany({
    where: { toAddress: student.email },
    select: { kind: true, subject: true, textBody: true },
  });

async function shareFile(student: TestUser, extra: Record<string, unknown> = {}) {
  const response = await t.send("POST", "/api/admin/shared-files", {
    as: t.admin,
    payload: { student_id: student.id, title: "Phrasal verbs", file_url: "https://files.example/verbs.pdf", ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().file.id as string;
}

const filesOf = async (student: TestUser) => t.caller({ student }).portal.files();
const notesOf = async (student: TestUser) => t.caller({ student }).portal.notes();

beforeEach(async () => {
  await db().outboxEmail.deleteMany();
});

describe(`shared files and notes on ${testEngine}`, () => {
  it("sharing a file queues one email to its student, however often it is hidden and shown again", async () => {
    const student = await t.createStudent({ name: "Chiara Gallo" });
    const id = await shareFile(student);
    const [mail, ...more] = await mailsTo(student);
    expect(more).toEqual([]);
    expect(mail.kind).toBe("file_shared");
    expect(mail.subject).toContain("New file from");
    expect(mail.subject).toContain("Phrasal verbs");
    expect(mail.textBody.startsWith("Hi Chiara Gallo,\n")).toBe(true);
    expect(mail.textBody).toContain("/resources/files");

    await admin().admin.files.setActive({ id, is_active: false });
    await admin().admin.files.setActive({ id, is_active: true });
    expect(await mailsTo(student)).toHaveLength(1);
  });

  it("a file shared inactive emails nobody until the teacher makes it visible", async () => {
    const student = await t.createStudent();
    const id = await shareFile(student, { is_active: false });
    expect(await mailsTo(student)).toEqual([]);
    await admin().admin.files.setActive({ id, is_active: true });
    expect((await mailsTo(student)).map((m) => m.kind)).toEqual(["file_shared"]);
  });

  it("a shared note queues one email, a private note none until it is shared", async () => {
    const student = await t.createStudent({ name: "Dario Greco" });
    await admin().admin.notes.create({ student_id: student.id, teacher_note: "Great progress on the past tense." });
    const mails = await mailsTo(student);
    expect(mails.map((m) => m.kind)).toEqual(["note_shared"]);
    expect(mails[0].textBody.startsWith("Hi Dario Greco,\n")).toBe(true);
    // The note's text stays behind the sign-in.
    expect(mails[0].textBody).not.toContain("past tense");

    const { note } = await admin().admin.notes.create({
      student_id: student.id,
      teacher_note: "PRIVATE: check his homework habits.",
      is_private: true,
    });
    expect(await mailsTo(student)).toHaveLength(1);
    await admin().admin.notes.update({ id: note.id, data: { teacher_note: note.teacher_note, is_private: false } });
    expect((await mailsTo(student)).map((m) => m.kind)).toEqual(["note_shared", "note_shared"]);
  });

  it("a file is new until its student opens it; another student cannot clear the marker", async () => {
    const owner = await t.createStudent();
    const other = await t.createStudent();
    const id = await shareFile(owner);
    expect((await filesOf(owner)).find((f) => f.id === id)?.is_new).toBe(true);

    await expect(
      t.caller({ student: other }).portal.logFileAccess({ fileId: id, accessType: "view" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await filesOf(owner)).find((f) => f.id === id)?.is_new).toBe(true);

    // The REST path the Resources page's Preview and Open use.
    const opened = await t.send("POST", "/api/student/files/access-log", {
      as: owner,
      payload: { fileId: id, accessType: "view" },
    });
    expect(opened.statusCode).toBe(200);
    expect((await filesOf(owner)).find((f) => f.id === id)?.is_new).toBe(false);
  });

  it("a note is new until its student opens it; another student, or a private note, is refused", async () => {
    const owner = await t.createStudent();
    const other = await t.createStudent();
    const { note } = await admin().admin.notes.create({ student_id: owner.id, teacher_note: "Read chapter 3." });
    const { note: hidden } = await admin().admin.notes.create({
      student_id: owner.id,
      teacher_note: "Only for me.",
      is_private: true,
    });
    expect((await notesOf(owner)).map((n) => [n.id, n.is_new])).toEqual([[note.id, true]]);

    const notFound = { code: "NOT_FOUND" };
    await expect(t.caller({ student: other }).portal.markNoteSeen({ noteId: note.id })).rejects.toMatchObject(notFound);
    await expect(t.caller({ student: owner }).portal.markNoteSeen({ noteId: hidden.id })).rejects.toMatchObject(
      notFound,
    );
    expect((await notesOf(owner))[0].is_new).toBe(true);
    expect(await db().studentNote.findUniqueOrThrow({ where: { id: hidden.id }, select: { seenAt: true } })).toEqual({
      seenAt: null,
    });

    await t.caller({ student: owner }).portal.markNoteSeen({ noteId: note.id });
    const seenAt = (await db().studentNote.findUniqueOrThrow({ where: { id: note.id } })).seenAt;
    expect((await notesOf(owner))[0].is_new).toBe(false);
    // Opening it again keeps the first opening.
    await t.caller({ student: owner }).portal.markNoteSeen({ noteId: note.id });
    expect((await db().studentNote.findUniqueOrThrow({ where: { id: note.id } })).seenAt).toEqual(seenAt);
  });
});
