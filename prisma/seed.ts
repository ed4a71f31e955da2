// Idempotent seed, run by the server at every start (cheap when nothing changed) and by
// `npm run seed`. Always: the catalogue, group nights and quiz bank from the versioned data files,
// the site settings and the teacher record of the first admin. Outside production (or with
// DEMO_DATA=1) also demo data, once.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { newReferralCode } from "../server/codes.ts";
import type { Db, Tx } from "../server/db.ts";
import { DEMO_TEACHER_EMAIL, type Env } from "../server/env.ts";
import { ensureDemoStudent } from "../server/features/auth/demo-accounts.ts";
import { projectPath } from "../server/paths.ts";
import { LESSON_MINUTES, TEACHER_TIMEZONE } from "../shared/constants.ts";
import { type BankItem, bankFiles, parseBankFile } from "./quiz-bank.ts";

const dataDir = projectPath("prisma/data");

type Catalogue = {
  packages: {
    id: string;
    name: string;
    description: string;
    lessons: number;
    totalPriceCents: number;
    features: string[];
    isPopular: boolean;
    lessonType: string;
    sortOrder: number;
  }[];
  groupEvents: {
    id: string;
    dayOfWeek: string;
    time: string;
    location: string;
    locationDescription: string;
    sortOrder: number;
  }[];
  groupPackages: {
    id: string;
    name: string;
    description: string;
    weeks: number;
    pricePerNightCents: number;
    totalPriceCents: number;
    sortOrder: number;
  }[];
};

function readDataFiles() {
  const catalogueText = readFileSync(path.join(dataDir, "catalogue.json"), "utf8");
  // The items' files, then the reading texts' (prisma/data/quiz/testlets/): the checksum covers both.
  const quizTexts = bankFiles().map((file) => readFileSync(file, "utf8"));
  const checksum = createHash("sha256").update(catalogueText).update(quizTexts.join("\n")).digest("hex");
  // Parsed only when the database holds another version (a start with nothing new skips it).
  const parse = () => {
    const parsed = quizTexts.map(parseBankFile);
    return {
      catalogue: JSON.parse(catalogueText) as Catalogue,
      questions: parsed.flatMap((p) => p.items),
      testlets: parsed.flatMap((p) => p.testlets).map(({ questions: _, ...testlet }) => testlet),
    };
  };
  return { checksum, parse };
}

async function getMeta(db: Db | Tx, key: string) {
  return (await db.appMeta.findUnique({ where: { key } }))?.value;
}
async function setMeta(db: Db | Tx, key: string, value: string) {
  await db.appMeta.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** A catalogue table's operations that syncListedRows uses (the Prisma model of that table). */
type CatalogueTable<Row> = {
  upsert(args: { where: { id: string }; create: Row; update: Row }): Promise<unknown>;
  updateMany(args: { where: { id: { notIn: string[] } }; data: { isActive: false } }): Promise<unknown>;
};

/** The data file's rows become active (created or updated); rows it no longer lists are deactivated, never deleted. */
async function syncListedRows<Row extends { id: string }>(
  table: CatalogueTable<Row & { isActive: true }>,
  rows: Row[],
) {
  for (const row of rows) {
    await table.upsert({
      where: { id: row.id },
      create: { ...row, isActive: true },
      update: { ...row, isActive: true },
    });
  }
  await table.updateMany({ where: { id: { notIn: rows.map((r) => r.id) } }, data: { isActive: false } });
}

/** The nullable columns an item may leave out of its file: its point, its reading text and place there. */
const testletOf = (q: BankItem) => ({
  point: q.point ?? null,
  testletId: q.testletId ?? null,
  testletPosition: q.testletPosition ?? null,
});

async function seedCatalogue(db: Db, files = readDataFiles()) {
  const { checksum } = files;
  if ((await getMeta(db, "catalogue-checksum")) === checksum) return false;
  const { catalogue, questions, testlets } = files.parse();
  await db.$transaction(
    async (tx) => {
      await syncListedRows(tx.package, catalogue.packages);
      await syncListedRows(tx.groupEvent, catalogue.groupEvents);
      await syncListedRows(tx.groupPackage, catalogue.groupPackages);
      // The reading texts before their questions, which name them.
      await syncListedRows(tx.quizTestlet, testlets);

      // The teacher's changes outlive the data files: a retired item (retired by hand, or
      // replaced by a correction) is never rewritten or brought back, and a correction (a row
      // the files never list, naming the row it replaces) is never deactivated.
      const existing = new Map(
        (await tx.quizQuestion.findMany({ where: { source: "bank" }, select: { id: true, retiredAt: true } })).map(
          (q) => [q.id, q.retiredAt],
        ),
      );
      const fresh = questions.filter((q) => !existing.has(q.id));
      if (fresh.length)
        await tx.quizQuestion.createMany({
          data: fresh.map((q) => ({ ...q, ...testletOf(q), source: "bank", isActive: true })),
        });
      for (const q of questions.filter((q) => existing.has(q.id) && existing.get(q.id) === null)) {
        await tx.quizQuestion.update({ where: { id: q.id }, data: { ...q, ...testletOf(q), isActive: true } });
      }
      await tx.quizQuestion.updateMany({
        where: { source: "bank", replacesId: null, id: { notIn: questions.map((q) => q.id) } },
        data: { isActive: false },
      });
      await tx.appMeta.upsert({
        where: { key: "catalogue-checksum" },
        create: { key: "catalogue-checksum", value: checksum },
        update: { value: checksum },
      });
    },
    { timeout: 60_000 },
  );
  return true;
}

function nameFromEmail(email: string) {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

const DEMO_BIO =
  "Hi, I'm Giulia! I was born in Manchester, moved to Milano ten years ago, and have taught English to teenagers, university students and professionals ever since. My lessons are relaxed, practical and built around what you actually need: conversation, exams or English for work.";

/** The teacher record of the first admin address: claimed by that account's first sign-in. */
async function seedFirstTeacher(db: Db, env: Env) {
  const email = env.adminEmails[0];
  if (!email) return;
  const isDemo = email === DEMO_TEACHER_EMAIL;
  const name = isDemo ? "Giulia Rossi" : nameFromEmail(email);
  const user = await db.user.upsert({
    where: { email },
    update: { isAdmin: true },
    create: { email, name, isAdmin: true, emailVerified: false, referralCode: newReferralCode() },
    select: { id: true },
  });
  const teacher = await db.teacher.findFirst({ where: { OR: [{ userId: user.id }, { email }] }, select: { id: true } });
  if (!teacher) {
    await db.teacher.create({
      data: {
        userId: user.id,
        email,
        name,
        bio: isDemo ? DEMO_BIO : "English teacher in Milano.",
        specializations: isDemo
          ? ["General English", "Conversation Practice", "Business English", "Cambridge Exams", "IELTS Preparation"]
          : ["General English"],
        city: "Milano",
        timezone: TEACHER_TIMEZONE,
      },
    });
  }
}

/**
 * The demo data, all or nothing: one transaction, so a first start killed half-way (checklist #27)
 * leaves none of it, and the next start writes it whole instead of adding a second copy of the
 * availability it had written (which the no-overlap constraint refuses).
 */
async function seedDemoData(db: Db, env: Env, clock: DateTime | undefined) {
  if (await getMeta(db, "demo-data")) return;
  await db.$transaction((tx) => writeDemoData(tx, env, clock ?? DateTime.utc()), { timeout: 60_000 });
}

async function writeDemoData(db: Tx, env: Env, now: DateTime) {
  const teacher = await db.teacher.findFirst({
    where: { email: env.adminEmails[0] },
    select: { id: true, userId: true },
  });
  if (!teacher) return;
  const student = await ensureDemoStudent(db);
  const zone = TEACHER_TIMEZONE;
  const today = now.setZone(zone).startOf("day");

  // Weekly availability for the next 12 weeks (weekdays 9-13 and 15-19, Saturday 10-13), kept on
  // as the teacher's standing schedule.
  const blocks: Record<number, [number, number][]> = {
    1: [
      [9, 13],
      [15, 19],
    ],
    2: [
      [9, 13],
      [15, 19],
    ],
    3: [
      [9, 13],
      [15, 19],
    ],
    4: [
      [9, 13],
      [15, 19],
    ],
    5: [
      [9, 13],
      [15, 18],
    ],
    6: [[10, 13]],
  };
  const seriesId = crypto.randomUUID();
  const slots: { teacherId: string; startsAt: Date; endsAt: Date; recurring: string; seriesId: string }[] = [];
  for (let d = 0; d < 12 * 7; d++) {
    const day = today.plus({ days: d });
    for (const [from, to] of blocks[day.weekday] ?? []) {
      slots.push({
        teacherId: teacher.id,
        startsAt: day.set({ hour: from }).toJSDate(),
        endsAt: day.set({ hour: to }).toJSDate(),
        recurring: "weekly",
        seriesId,
      });
    }
  }
  await db.availabilitySlot.createMany({ data: slots });
  // The same hours as the teacher's standing weekly schedule, filled through the 12 weeks above
  // (the server's periodic top-up carries it on to the booking horizon): the availability page
  // states the date its slots reach from the first start, not only once the job has run.
  await db.weeklySchedule.create({
    data: {
      teacherId: teacher.id,
      seriesId,
      filledThrough: today.plus({ days: 12 * 7 }).toJSDate(),
      entries: Object.entries(blocks).flatMap(([weekday, ranges]) =>
        ranges.map(([from, to]) => ({
          dayOfWeek: Number(weekday) % 7,
          startTime: `${String(from).padStart(2, "0")}:00`,
          duration: (to - from) * 60,
        })),
      ),
    },
  });

  const lesson = (daysFromToday: number, hour: number) => {
    const startsAt = today.plus({ days: daysFromToday }).set({ hour });
    return { startsAt: startsAt.toJSDate(), endsAt: startsAt.plus({ minutes: LESSON_MINUTES }).toJSDate() };
  };
  const order = await db.bookingOrder.create({
    data: { studentId: student.id, packageId: "standard-6", lessons: 6, basePriceCents: 19200, totalPriceCents: 19200 },
    select: { id: true },
  });
  // Issue 31: the demo student's lessons are her own, as her family's self learner.
  const sofia = await db.learner.upsert({
    where: { accountId_nameKey: { accountId: student.id, nameKey: "sofia bianchi" } },
    update: {},
    create: {
      accountId: student.id,
      name: "Sofia Bianchi",
      nameKey: "sofia bianchi",
      ageGroup: "adult",
      level: "intermediate",
      goals: "Speaking confidence for work meetings",
      isSelf: true,
    },
    select: { id: true },
  });
  const common = {
    orderId: order.id,
    studentId: student.id,
    learnerId: sofia.id,
    teacherId: teacher.id,
    studentName: "Sofia Bianchi",
    studentEmail: student.email,
    studentPhone: "+39 340 555 0101",
    englishLevel: "intermediate",
    lessonFocus: "Speaking confidence for work meetings",
  };
  const past = [-28, -21, -14, -7].map((d) => ({
    ...common,
    ...lesson(d, 18),
    status: "completed" as const,
    lessonType: "online",
    meetingLink: "https://meet.google.com/abc-defg-hij",
  }));
  const upcoming = [
    {
      ...common,
      ...lesson(4, 18),
      status: "confirmed" as const,
      lessonType: "online",
      meetingLink: "https://meet.google.com/abc-defg-hij",
    },
    {
      ...common,
      ...lesson(11, 10),
      status: "pending" as const,
      lessonType: "in-person",
      location: "Caffè letterario, Via Solferino 12, Milano",
    },
  ];
  // Two lessons today for the teacher's agenda (a walk-in student without an account): one in
  // person two hours ago, one online starting in the coming hour, so the next lesson is the
  // online one at any hour: in the day's last hour it is the lesson under way (at 23:00), and in
  // its first hour, with no earlier lesson possible, the one in person comes after it.
  const hour = now.setZone(zone).hour;
  const walkIn = {
    teacherId: teacher.id,
    studentName: "Marco Ferri",
    studentEmail: "marco.ferri@example.com",
    studentPhone: "+39 347 555 0202",
    englishLevel: "beginner",
    lessonFocus: "Travel English",
    status: "confirmed" as const,
  };
  const todays = [
    {
      ...walkIn,
      ...lesson(0, hour >= 1 ? Math.max(0, hour - 2) : hour + 3),
      lessonType: "in-person",
      location: "Caffè letterario, Via Solferino 12, Milano",
    },
    {
      ...walkIn,
      ...lesson(0, Math.min(23, hour + 1)),
      lessonType: "online",
      meetingLink: "https://meet.google.com/tdy-lssn-one",
    },
  ];
  await db.booking.createMany({ data: [...past, ...upcoming, ...todays] });

  await db.sharedFile.createMany({
    data: [
      {
        studentId: student.id,
        sharedById: teacher.userId,
        title: "Phrasal verbs for meetings",
        description: "Twenty phrasal verbs you will hear in every work meeting, with examples.",
        fileType: "link",
        fileUrl: "https://learnenglish.britishcouncil.org/grammar/b1-b2-grammar/phrasal-verbs",
      },
      {
        studentId: student.id,
        sharedById: teacher.userId,
        title: "Podcast: small talk at work",
        description: "Listen before our next lesson and note three expressions you like.",
        fileType: "audio",
        fileUrl: "https://www.bbc.co.uk/learningenglish/english/features/6-minute-english",
        fileSize: 8_400_000,
      },
      {
        studentId: student.id,
        sharedById: teacher.userId,
        title: "Old homework sheet",
        description: "Replaced by the new version.",
        fileType: "document",
        fileUrl: "https://example.com/homework-old.pdf",
        isActive: false,
      },
    ],
  });
  await db.studentNote.createMany({
    data: [
      {
        studentId: student.id,
        authorId: teacher.userId,
        teacherNote:
          "Great progress with the present perfect. Next time: practise 'for' and 'since' in questions about your job.",
        noteDate: today.minus({ days: 7 }).toJSDate(),
        tags: ["grammar", "speaking"],
        isPrivate: false,
      },
      {
        studentId: student.id,
        authorId: teacher.userId,
        teacherNote: "Private: prefers evening lessons; ask about the Cambridge B2 exam date.",
        noteDate: today.minus({ days: 14 }).toJSDate(),
        tags: ["planning"],
        isPrivate: true,
      },
    ],
  });
  await setMeta(db, "demo-data", now.toISO() ?? "yes");
}

/** What every database holds whatever the environment: the catalogue, the quiz bank, the settings row. */
export async function seedCatalogueAndSettings(db: Db, files = readDataFiles()): Promise<void> {
  await seedCatalogue(db, files);
  await db.adminSettings.upsert({ where: { id: "site" }, create: { id: "site" }, update: {} });
}

/**
 * Whether the database already holds everything seedDatabase writes (the usual restart): the
 * catalogue and bank of this checksum, the settings row, the first admin address an admin with a
 * teacher record, no other admin, and the demo data if asked for. One statement instead of the
 * six queries seedDatabase would send to find out, each compiled cold by Prisma's query compiler
 * at start: about 170 ms of a restart on the embedded database (issue 15).
 */
export async function alreadySeeded(db: Db, env: Env, checksum = readDataFiles().checksum): Promise<boolean> {
  const first = env.adminEmails[0] ?? null;
  const admins = JSON.stringify(env.adminEmails);
  const [row] = await db.$queryRaw<{ seeded: boolean }[]>`
    SELECT COALESCE((SELECT value FROM "AppMeta" WHERE key = 'catalogue-checksum') = ${checksum}, false)
      AND EXISTS (SELECT 1 FROM "AdminSettings" WHERE id = 'site')
      AND (${first}::text IS NULL OR EXISTS (
        SELECT 1 FROM "User" u JOIN "Teacher" t ON t."userId" = u.id OR t.email = u.email
        WHERE u.email = ${first}::text AND u."isAdmin"))
      AND NOT EXISTS (
        SELECT 1 FROM "User" WHERE "isAdmin" AND email NOT IN (SELECT jsonb_array_elements_text(${admins}::jsonb)))
      AND (NOT ${env.withDemoData}::boolean OR EXISTS (SELECT 1 FROM "AppMeta" WHERE key = 'demo-data'))
      AS seeded`;
  return row?.seeded === true;
}

/** `now` (for the demo data) defaults to the current time, read only when the demo data is written. */
export async function seedDatabase(db: Db, env: Env, now?: DateTime): Promise<void> {
  const files = readDataFiles();
  if (await alreadySeeded(db, env, files.checksum)) return;
  await seedCatalogueAndSettings(db, files);
  await seedFirstTeacher(db, env);
  await db.user.updateMany({ where: { isAdmin: true, email: { notIn: env.adminEmails } }, data: { isAdmin: false } });
  if (env.withDemoData) await seedDemoData(db, env, now);
}

// `npm run seed` (not the built server, which holds this module in its one file).
if (process.argv[1] && path.resolve(process.argv[1]) === projectPath("prisma/seed.ts")) {
  const { parseEnv } = await import("../server/env.ts");
  const { openDatabase } = await import("../server/db.ts");
  const env = parseEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR) },
  );
  await seedDatabase(database.prisma, env);
  await database.close();
  console.log("Seed complete.");
}
