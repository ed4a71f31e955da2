// The seed at every start (issue 15): a database that already holds everything is recognised by
// one statement and left alone, and any drift from what the seed writes is noticed and repaired.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alreadySeeded, seedDatabase } from "../../prisma/seed.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

const env = { ...testEnv({ ADMIN_EMAILS: "teacher@school.test,second@school.test" }), withDemoData: false };
let database: TestDatabase;
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`seed at start (${testEngine})`, () => {
  it("an empty database is not seeded; after the seed it is, and a second seed writes nothing", async () => {
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect(await alreadySeeded(db(), env)).toBe(true);

    const before = await db().appMeta.findUniqueOrThrow({ where: { key: "catalogue-checksum" } });
    await seedDatabase(db(), env);
    const after = await db().appMeta.findUniqueOrThrow({ where: { key: "catalogue-checksum" } });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("repairs an admin who lost the flag, and a missing teacher record", async () => {
    await db().user.update({ where: { email: "teacher@school.test" }, data: { isAdmin: false } });
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect((await db().user.findUniqueOrThrow({ where: { email: "teacher@school.test" } })).isAdmin).toBe(true);
    expect(await alreadySeeded(db(), env)).toBe(true);

    await db().teacher.delete({ where: { email: "teacher@school.test" } });
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect(await db().teacher.count({ where: { email: "teacher@school.test" } })).toBe(1);
  });

  it("demotes an admin whose address left ADMIN_EMAILS; keeps the ones still listed", async () => {
    await db().user.create({
      data: { email: "former@school.test", name: "Former", isAdmin: true, referralCode: "FORMER01" },
    });
    await db().user.create({
      data: { email: "second@school.test", name: "Second", isAdmin: true, referralCode: "SECOND01" },
    });
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect((await db().user.findUniqueOrThrow({ where: { email: "former@school.test" } })).isAdmin).toBe(false);
    expect((await db().user.findUniqueOrThrow({ where: { email: "second@school.test" } })).isAdmin).toBe(true);
    expect(await alreadySeeded(db(), env)).toBe(true);
  });

  it("re-syncs the catalogue when the data files changed, and recreates missing settings", async () => {
    await db().appMeta.update({ where: { key: "catalogue-checksum" }, data: { value: "an older catalogue" } });
    await db().package.updateMany({ data: { isActive: false } });
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect(await db().package.count({ where: { isActive: true } })).toBeGreaterThan(0);
    expect(await alreadySeeded(db(), env)).toBe(true);

    await db().adminSettings.delete({ where: { id: "site" } });
    expect(await alreadySeeded(db(), env)).toBe(false);
    await seedDatabase(db(), env);
    expect(await db().adminSettings.count()).toBe(1);
  });

  it("is not seeded for a start that asks for demo data the database does not hold", async () => {
    const demo = { ...env, withDemoData: true };
    expect(await alreadySeeded(db(), env)).toBe(true);
    expect(await alreadySeeded(db(), demo)).toBe(false);
  });

  it("writes the demo data all or nothing: a start that fails half-way leaves none, and the next writes it once", async () => {
    const demo = { ...env, withDemoData: true, adminEmails: ["teacher@school.test"] };
    // A fault late in the demo data (its private notes come after the availability and the
    // lessons), raised by the database itself as a killed or failed start would leave it.
    await db().$executeRawUnsafe(
      `CREATE FUNCTION refuse_note() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER refuse_note BEFORE INSERT ON "StudentNote" FOR EACH ROW EXECUTE FUNCTION refuse_note()`,
    );
    await expect(seedDatabase(db(), demo)).rejects.toThrow();
    expect(await db().availabilitySlot.count()).toBe(0);
    expect(await db().booking.count()).toBe(0);
    expect(await db().appMeta.count({ where: { key: "demo-data" } })).toBe(0);

    await db().$executeRawUnsafe(`DROP TRIGGER refuse_note ON "StudentNote"`);
    await db().$executeRawUnsafe("DROP FUNCTION refuse_note()");
    await seedDatabase(db(), demo);
    expect(await alreadySeeded(db(), demo)).toBe(true);
    const slots = await db().availabilitySlot.count();
    expect(slots).toBeGreaterThan(0);
    expect(await db().weeklySchedule.count()).toBe(1);
    await seedDatabase(db(), demo);
    expect(await db().availabilitySlot.count()).toBe(slots);
  });
});
