// Each learner a person of their own (issue 31, item 0): a family account holds learners, REST
// lists, adds and edits them (another family's id is a 404), and a booking names its learner, by
// id or by the name its studentInfo gives (a new name creates a learner, the same name reuses it).
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { projectPath } from "../../server/paths.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let nextDay = 4;

/** One lesson booked through the REST path; `extra` goes beside studentInfo (learner_id). */
async function book(as: TestUser, info: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  nextDay += 1;
  const start = romeDay(nextDay, 11);
  await t.addAvailability(start, 1);
  return t.send("POST", "/api/bookings", {
    as,
    payload: {
      studentInfo: studentInfo({ phone: "+39 347 555 0101", ...info }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
      ...extra,
    },
  });
}

const lessonOf = (id: string) =>
  db().booking.findUniqueOrThrow({
    where: { id },
    select: { learnerId: true, studentName: true, bookedBy: true, guardianName: true },
  });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false });
});

describe(`a family's learners on ${testEngine}`, () => {
  it("lists, adds and edits learners over REST; bad input is a clear 400 and another family's learner a 404", async () => {
    const anna = await t.createStudent({ name: "Anna Ferrari" });
    expect((await t.send("GET", "/api/student/learners", { as: anna })).json()).toEqual({ learners: [] });

    const created = await t.send("POST", "/api/student/learners", {
      as: anna,
      payload: { name: "  Luca Ferrari ", ageGroup: "child", level: "beginner", goals: "Speak with his cousins" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const luca = created.json().learner;
    expect(luca).toEqual({
      id: expect.any(String),
      name: "Luca Ferrari",
      ageGroup: "child",
      level: "beginner",
      goals: "Speak with his cousins",
      isSelf: false,
    });

    const refused = await t.send("POST", "/api/student/learners", {
      as: anna,
      payload: { name: "Sara", ageGroup: "baby" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Please choose the learner's age group: child, teen or adult.");
    const nameless = await t.send("POST", "/api/student/learners", {
      as: anna,
      payload: { name: " ", ageGroup: "teen" },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain("Please enter the learner's name.");
    const twin = await t.send("POST", "/api/student/learners", {
      as: anna,
      payload: { name: "luca ferrari", ageGroup: "teen" },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.body).toContain("A learner of your family already has this name.");

    const edited = await t.send("PUT", `/api/student/learners/${luca.id}`, {
      as: anna,
      payload: { name: "Luca Ferrari", ageGroup: "teen", level: "B1", goals: "Cambridge B1 Preliminary" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().learner).toMatchObject({
      id: luca.id,
      ageGroup: "teen",
      level: "B1",
      goals: "Cambridge B1 Preliminary",
    });
    const badEdit = await t.send("PUT", `/api/student/learners/${luca.id}`, {
      as: anna,
      payload: { name: "Luca Ferrari", ageGroup: "teen", level: "expert" },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.body).toContain("Please choose a level");
    // The refused edit lost nothing.
    expect((await t.send("GET", "/api/student/learners", { as: anna })).json().learners).toEqual([
      edited.json().learner,
    ]);

    const other = await t.createStudent({ name: "Other Parent" });
    const foreign = await t.send("PUT", `/api/student/learners/${luca.id}`, {
      as: other,
      payload: { name: "Stolen", ageGroup: "adult" },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain("Learner not found.");
    expect(
      (await t.send("PUT", "/api/student/learners/not-an-id", { as: other, payload: { name: "X", ageGroup: "adult" } }))
        .statusCode,
    ).toBe(404);
    expect((await t.send("GET", "/api/student/learners", { as: other })).json()).toEqual({ learners: [] });
    expect((await t.send("GET", "/api/student/learners")).statusCode).toBe(401);
    expect((await db().learner.findUniqueOrThrow({ where: { id: luca.id } })).name).toBe("Luca Ferrari");
  });

  it("a guardian's studentInfo creates the learner once and the same name reuses them; a booking by learner_id names them", async () => {
    const marco = await t.createStudent({ name: "Marco Bianchi" });
    const first = await book(marco, {
      name: "Pietro Bianchi",
      age_confirmation: "guardian",
      english_level: "beginner",
      lesson_focus: "School homework",
    });
    expect(first.statusCode, first.body).toBe(200);
    const { learners } = (await t.send("GET", "/api/student/learners", { as: marco })).json();
    expect(learners).toEqual([
      {
        id: expect.any(String),
        name: "Pietro Bianchi",
        ageGroup: "child",
        level: "beginner",
        goals: "School homework",
        isSelf: false,
      },
    ]);
    const pietro = learners[0].id as string;
    expect(await lessonOf(first.json().booking.id)).toEqual({
      learnerId: pietro,
      studentName: "Pietro Bianchi",
      bookedBy: "guardian",
      guardianName: "Marco Bianchi",
    });

    // The same name (another spelling of its spaces and case) is the same learner, described anew.
    const again = await book(marco, {
      name: "pietro  bianchi",
      age_confirmation: "guardian",
      english_level: "intermediate",
      lesson_focus: "Speaking",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await lessonOf(again.json().booking.id)).learnerId).toBe(pietro);
    expect(await db().learner.count({ where: { accountId: marco.id } })).toBe(1);
    expect(await db().learner.findUniqueOrThrow({ where: { id: pietro } })).toMatchObject({
      level: "intermediate",
      goals: "Speaking",
    });

    // By id: the learner's name goes on the lesson whatever the form's name says, booked by the guardian.
    const byId = await book(marco, { name: "Marco Bianchi", age_confirmation: "adult" }, { learner_id: pietro });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(await lessonOf(byId.json().booking.id)).toEqual({
      learnerId: pietro,
      studentName: "Pietro Bianchi",
      bookedBy: "guardian",
      guardianName: "Marco Bianchi",
    });

    // The father books for himself: his own learner, the account's self learner.
    const self = await book(marco, { name: "Marco Bianchi", age_confirmation: "adult" });
    expect(self.statusCode, self.body).toBe(200);
    const mine = await db().learner.findFirstOrThrow({ where: { accountId: marco.id, isSelf: true } });
    expect(mine).toMatchObject({ name: "Marco Bianchi", ageGroup: "adult" });
    expect(await lessonOf(self.json().booking.id)).toMatchObject({
      learnerId: mine.id,
      bookedBy: "learner",
      guardianName: null,
    });
  });

  it("refuses another family's learner_id with a 404 and books nothing", async () => {
    const anna = await t.createStudent({ name: "Anna Neri" });
    const child = await db().learner.create({
      data: { accountId: anna.id, name: "Giulio Neri", nameKey: "giulio neri", ageGroup: "child" },
    });
    const other = await t.createStudent({ name: "Someone Else" });
    const refused = await book(other, { name: "Giulio Neri", age_confirmation: "guardian" }, { learner_id: child.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain("Learner not found.");
    expect(await db().booking.count({ where: { studentId: other.id } })).toBe(0);
    expect(await db().learner.count({ where: { accountId: other.id } })).toBe(0);
  });

  it("the tRPC procedures answer as REST does", async () => {
    const sara = await t.createStudent({ name: "Sara Conti" });
    const portal = t.caller({ student: sara }).portal;
    const { learner } = await portal.addLearner({ name: "Sara Conti", ageGroup: "adult" });
    expect((await portal.learners()).learners).toEqual([learner]);
    await expect(
      portal.updateLearner({ id: "00000000-0000-4000-8000-000000000000", data: { name: "X", ageGroup: "adult" } }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("the teacher finds a child by their own name, with the guardian and the guardian's contact (REST and tRPC)", async () => {
    const father = await t.createStudent({ name: "Roberto Galli" });
    await db().user.update({ where: { id: father.id }, data: { phone: "+39 333 000 1111" } });
    const booked = await book(father, {
      name: "Tommaso Galli",
      age_confirmation: "guardian",
      english_level: "beginner",
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const rest = await t.send("GET", "/api/admin/students?search=tommaso", { as: t.admin });
    expect(rest.statusCode, rest.body).toBe(200);
    const byTrpc = await t.caller({ admin: t.admin }).admin.students({ search: "Tommaso" });
    for (const { students } of [rest.json(), byTrpc]) {
      expect(students).toHaveLength(1);
      expect(students[0]).toMatchObject({
        id: father.id,
        guardian: { name: "Roberto Galli", email: father.email, phone: "+39 333 000 1111" },
        learners: ["Tommaso Galli"],
        family: [
          {
            id: expect.any(String),
            name: "Tommaso Galli",
            age_group: "child",
            level: "beginner",
            is_self: false,
            total_lessons: 1,
          },
        ],
      });
    }
    const nobody = await t.send("GET", "/api/admin/students?search=Zzyzx", { as: t.admin });
    expect(nobody.json().students).toEqual([]);
  });

  it("Student Profiles is paged and counted per learner: every learner once, none on two pages, search by a child's or a guardian's name", async () => {
    // A family of three learners (the father's own and two children) and two other families.
    const father = await t.createStudent({ name: "Marco Pagani" });
    await db().user.update({ where: { id: father.id }, data: { phone: "+39 333 222 1111" } });
    const family = [
      { name: "Marco Pagani", nameKey: "marco pagani", ageGroup: "adult", isSelf: true },
      { name: "Bianca Pagani", nameKey: "bianca pagani", ageGroup: "child", isSelf: false },
      { name: "Pietro Pagani", nameKey: "pietro pagani", ageGroup: "teen", isSelf: false },
    ];
    for (const l of family) await db().learner.create({ data: { accountId: father.id, ...l } });
    const other = await t.createStudent({ name: "Carla Pagani Rossi" });
    await db().learner.create({
      data: {
        accountId: other.id,
        name: "Carla Pagani Rossi",
        nameKey: "carla pagani rossi",
        ageGroup: "adult",
        isSelf: true,
      },
    });
    // A family with no learner yet: its account holder is one row.
    const newcomer = await t.createStudent({ name: "Dario Pagani Neri" });

    // Every row the list has: a learner each, and the newcomer's account.
    const expected = [
      ...(await db().learner.findMany({ select: { id: true } })).map((l) => l.id),
      ...(
        await db().user.findMany({
          where: { isAdmin: false, learners: { none: { isSelf: true } } },
          select: { id: true },
        })
      ).map((u) => u.id),
    ];
    type Row = { id: string; learner: { id: string } | null };
    const rowKey = (r: Row) => r.learner?.id ?? r.id;
    for (const size of [2, 3]) {
      const seen: string[] = [];
      for (let offset = 0; offset < expected.length + size; offset += size) {
        const page = await t.send("GET", `/api/admin/students?limit=${size}&offset=${offset}`, { as: t.admin });
        expect(page.statusCode, page.body).toBe(200);
        const body = page.json();
        expect(body.total).toBe(expected.length);
        expect(body.counts.all).toBe(expected.length);
        expect(body.students.length).toBe(Math.max(0, Math.min(size, expected.length - offset)));
        seen.push(...body.students.map(rowKey));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...expected].sort());
    }

    // "Pagani" finds the five rows of the three families: a page of two holds two, and tRPC agrees.
    const all = await t.send("GET", "/api/admin/students?search=pagani", { as: t.admin });
    expect(all.json().total).toBe(5);
    const first = await t.send("GET", "/api/admin/students?search=pagani&limit=2", { as: t.admin });
    expect(first.json()).toMatchObject({ total: 5 });
    expect(first.json().students).toHaveLength(2);
    const byTrpc = await t.caller({ admin: t.admin }).admin.students({ search: "pagani", limit: 2 });
    expect(byTrpc.total).toBe(5);
    expect(byTrpc.students.map(rowKey)).toEqual(first.json().students.map(rowKey));
    // The father's family in its order: his own learner, then the children as they were added.
    expect(
      all
        .json()
        .students.filter((r: Row) => r.id === father.id)
        .map((r: { learner: { name: string } }) => r.learner.name),
    ).toEqual(["Marco Pagani", "Bianca Pagani", "Pietro Pagani"]);
    expect(all.json().students.find((r: Row) => r.id === newcomer.id)).toMatchObject({
      learner: null,
      name: "Dario Pagani Neri",
    });

    // A child's own name finds the child alone, with the father as guardian and his contact.
    const bianca = await t.send("GET", "/api/admin/students?search=bianca", { as: t.admin });
    expect(bianca.json().total).toBe(1);
    expect(bianca.json().students).toEqual([
      expect.objectContaining({
        id: father.id,
        learner: expect.objectContaining({ name: "Bianca Pagani", age_group: "child", is_self: false }),
        guardian: { name: "Marco Pagani", email: father.email, phone: "+39 333 222 1111" },
      }),
    ]);
    // The guardian's email finds each of his family's learners.
    const byEmail = await t.send("GET", `/api/admin/students?search=${encodeURIComponent(father.email)}`, {
      as: t.admin,
    });
    expect(byEmail.json().students.map((r: { learner: { name: string } }) => r.learner.name)).toEqual([
      "Marco Pagani",
      "Bianca Pagani",
      "Pietro Pagani",
    ]);
    expect(byEmail.json().total).toBe(3);
  });

  it("the migration's backfill gives every earlier lesson its learner: the account's own, or one per name a guardian booked for", async () => {
    const mother = await t.createStudent({ name: "Elena Russo" });
    const adult = await t.createStudent({ name: "Paolo Neri" });
    const teacherId = t.teacherId;
    let day = 200;
    const lessonFor = (studentId: string, studentName: string, bookedBy: string, englishLevel: string | null) => {
      day += 1;
      const startsAt = romeDay(day, 9).toJSDate();
      return db().booking.create({
        data: {
          studentId,
          teacherId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          lessonType: "online",
          studentName,
          studentEmail: "x@test.example",
          bookedBy,
          englishLevel,
          lessonFocus: `${studentName} goals`,
        },
        select: { id: true },
      });
    };
    const ada1 = await lessonFor(mother.id, "Ada Russo", "guardian", "beginner");
    const ada2 = await lessonFor(mother.id, " ada  russo ", "guardian", "intermediate");
    const leo = await lessonFor(mother.id, "Leo Russo", "guardian", null);
    const own1 = await lessonFor(adult.id, "Paolo", "learner", "advanced");
    const own2 = await lessonFor(adult.id, "Paolo Neri", "learner", "advanced");
    // As before the migration: no learners at all.
    await db().learner.deleteMany();

    const sql = readFileSync(projectPath("prisma/migrations/20261130090000_learners/migration.sql"), "utf8");
    const statements = sql
      .slice(sql.indexOf("-- Backfill"))
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^--.*$/gm, "").trim())
      .filter(Boolean);
    expect(statements).toHaveLength(4);
    for (const statement of statements) await db().$executeRawUnsafe(statement);

    const family = (
      await db().learner.findMany({
        where: { accountId: mother.id },
        select: { name: true, ageGroup: true, level: true, isSelf: true, bookings: { select: { id: true } } },
      })
    ).sort((a, b) => a.name.localeCompare(b.name));
    expect(family).toEqual([
      // Named and described as the latest lesson for that name was.
      { name: "ada  russo", ageGroup: "child", level: "intermediate", isSelf: false, bookings: expect.any(Array) },
      { name: "Leo Russo", ageGroup: "child", level: null, isSelf: false, bookings: [{ id: leo.id }] },
    ]);
    expect(family[0].bookings.map((b) => b.id).sort()).toEqual([ada1.id, ada2.id].sort());
    const own = await db().learner.findMany({
      where: { accountId: adult.id },
      select: { name: true, ageGroup: true, isSelf: true, bookings: { select: { id: true } } },
    });
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ name: "Paolo Neri", ageGroup: "adult", isSelf: true });
    expect(own[0].bookings.map((b) => b.id).sort()).toEqual([own1.id, own2.id].sort());
  });
});

describe(`each learner's notes, files and results on ${testEngine}`, () => {
  it("the teacher writes a note about a son and shares a file with him; the family finds them under him, another family's learner is a 404", async () => {
    const father = await t.createStudent({ name: "Giorgio Conti" });
    const son = (
      await t.send("POST", "/api/student/learners", {
        as: father,
        payload: { name: "Pietro Conti", ageGroup: "child" },
      })
    ).json().learner;

    const note = await t.send("POST", "/api/admin/student-notes", {
      as: t.admin,
      payload: { student_id: father.id, learner_id: son.id, teacher_note: "Pietro reads aloud with confidence." },
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().note).toMatchObject({
      student_id: father.id,
      learner_id: son.id,
      learner: { id: son.id, name: "Pietro Conti", is_self: false },
      guardian: { id: father.id, name: "Giorgio Conti", email: father.email },
    });
    const file = await t.send("POST", "/api/admin/shared-files", {
      as: t.admin,
      payload: {
        student_id: father.id,
        learner_id: son.id,
        title: "Phonics song",
        file_type: "link",
        file_url: "https://example.com/phonics",
      },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().file).toMatchObject({ learner: { name: "Pietro Conti" }, guardian: { name: "Giorgio Conti" } });

    // The teacher's lists of one learner's notes and files.
    const notes = await t.send("GET", `/api/admin/student-notes?learner_id=${son.id}`, { as: t.admin });
    expect(notes.json().notes.map((n: { id: string }) => n.id)).toEqual([note.json().note.id]);
    const files = await t.caller({ admin: t.admin }).admin.files.list({ learner_id: son.id });
    expect(files.files.map((f) => f.title)).toEqual(["Phonics song"]);

    // The family's portal: each under the learner it is about.
    const portalFiles = await t.send("GET", `/api/student/files?learner_id=${son.id}`, { as: father });
    expect(portalFiles.statusCode, portalFiles.body).toBe(200);
    expect(portalFiles.json()).toMatchObject([
      { title: "Phonics song", learner: { id: son.id, name: "Pietro Conti" } },
    ]);
    const portalNotes = await t.send("GET", `/api/student/notes?learner_id=${son.id}`, { as: father });
    expect(portalNotes.json()).toMatchObject([
      { teacher_note: "Pietro reads aloud with confidence.", learner: { name: "Pietro Conti" } },
    ]);

    // Another family asking for Pietro's is told he does not exist, on both transports.
    const other = await t.createStudent({ name: "Laura Esposito" });
    for (const path of ["files", "notes", "quiz-results"]) {
      const res = await t.send("GET", `/api/student/${path}?learner_id=${son.id}`, { as: other });
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain("Learner not found.");
    }
    await expect(t.caller({ student: other }).portal.files({ learner_id: son.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Nor can the teacher file a note about Pietro under another family.
    const misfiled = await t.send("POST", "/api/admin/student-notes", {
      as: t.admin,
      payload: { student_id: other.id, learner_id: son.id, teacher_note: "Misfiled" },
    });
    expect(misfiled.statusCode).toBe(404);
    const misshared = await t.send("POST", "/api/admin/shared-files", {
      as: t.admin,
      payload: { student_id: other.id, learner_id: son.id, title: "X", file_type: "link", file_url: "https://e.com" },
    });
    expect(misshared.statusCode).toBe(404);
    expect(await db().studentNote.count({ where: { studentId: other.id } })).toBe(0);
  });

  it("a quiz result is the learner's who took it, listed per learner with its certificate", async () => {
    const giulia = await t.createStudent({ name: "Giulia Verdi" });
    expect((await book(giulia, { name: "Giulia Verdi" })).statusCode).toBe(200);
    const daughter = (
      await t.send("POST", "/api/student/learners", { as: giulia, payload: { name: "Bea Verdi", ageGroup: "teen" } })
    ).json().learner;
    const self = (await t.send("GET", "/api/student/learners", { as: giulia }))
      .json()
      .learners.find((l: { isSelf: boolean }) => l.isSelf);
    expect(self).toMatchObject({ name: "Giulia Verdi" });

    const saved = await t.send("POST", "/api/quiz-results/save", {
      as: giulia,
      payload: { quizType: "general", score: 7, totalQuestions: 10, estimatedLevel: "B1" },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const all = (await t.send("GET", "/api/student/quiz-results", { as: giulia })).json().results;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      score: 7,
      estimated_level: "B1",
      learner: { id: self.id, name: "Giulia Verdi", is_self: true },
      certificate_code: null,
    });
    const hers = await t.send("GET", `/api/student/quiz-results?learner_id=${self.id}`, { as: giulia });
    expect(hers.json().results).toHaveLength(1);
    const beas = await t.caller({ student: giulia }).portal.quizResults({ learner_id: daughter.id });
    expect(beas.results).toEqual([]);

    // In her profile, for the teacher; another family's learner is not found under Giulia's.
    const teacher = t.caller({ admin: t.admin });
    const inProfile = await teacher.admin.learnerResults({ student_id: giulia.id, learner_id: self.id });
    expect(inProfile.results).toMatchObject([{ score: 7, learner: { name: "Giulia Verdi" } }]);
    const stranger = await t.createStudent({ name: "Paola Fontana" });
    await expect(
      teacher.admin.learnerResults({ student_id: stranger.id, learner_id: daughter.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the migration's backfill moves an account's notes, files and results to its own learner, else its only one", async () => {
    const adult = await t.createStudent({ name: "Marta Gallo" });
    const single = await t.createStudent({ name: "Franco Riva" });
    const many = await t.createStudent({ name: "Irene Sala" });
    const learner = (accountId: string, name: string, isSelf: boolean) =>
      db().learner.create({
        data: { accountId, name, nameKey: name.toLowerCase(), ageGroup: isSelf ? "adult" : "child", isSelf },
        select: { id: true },
      });
    // The self learner is added after a child: the rule still picks it.
    const martaChild = await learner(adult.id, "Nico Gallo", false);
    const marta = await learner(adult.id, "Marta Gallo", true);
    const onlyChild = await learner(single.id, "Ugo Riva", false);
    await learner(many.id, "Anna Sala", false);
    await learner(many.id, "Bruno Sala", false);
    const records = async (studentId: string) => {
      const note = await db().studentNote.create({
        data: { studentId, teacherNote: "Before learners", noteDate: new Date() },
        select: { id: true },
      });
      const file = await db().sharedFile.create({
        data: { studentId, title: "Old file", fileUrl: "https://example.com/old", fileType: "link" },
        select: { id: true },
      });
      const result = await db().quizResult.create({
        data: { userId: studentId, quizType: "general", score: 5, totalQuestions: 10 },
        select: { id: true },
      });
      return { note: note.id, file: file.id, result: result.id };
    };
    const martas = await records(adult.id);
    const ugos = await records(single.id);
    const salas = await records(many.id);
    // One already placed is left where it is.
    const placed = await db().studentNote.create({
      data: { studentId: adult.id, learnerId: martaChild.id, teacherNote: "About Nico", noteDate: new Date() },
      select: { id: true },
    });

    const sql = readFileSync(projectPath("prisma/migrations/20261130150000_learner_records/migration.sql"), "utf8");
    const statements = sql
      .slice(sql.indexOf("-- Backfill"))
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^--.*$/gm, "").trim())
      .filter(Boolean);
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db().$executeRawUnsafe(statement);

    const learnerOf = async (ids: { note: string; file: string; result: string }) => [
      (await db().studentNote.findUniqueOrThrow({ where: { id: ids.note }, select: { learnerId: true } })).learnerId,
      (await db().sharedFile.findUniqueOrThrow({ where: { id: ids.file }, select: { learnerId: true } })).learnerId,
      (await db().quizResult.findUniqueOrThrow({ where: { id: ids.result }, select: { learnerId: true } })).learnerId,
    ];
    expect(await learnerOf(martas)).toEqual([marta.id, marta.id, marta.id]);
    expect(await learnerOf(ugos)).toEqual([onlyChild.id, onlyChild.id, onlyChild.id]);
    expect(await learnerOf(salas)).toEqual([null, null, null]);
    expect(
      (await db().studentNote.findUniqueOrThrow({ where: { id: placed.id }, select: { learnerId: true } })).learnerId,
    ).toBe(martaChild.id);
  });
});
