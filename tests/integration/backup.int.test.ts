// Backups restore: every booking, shared file and uploaded file comes back. On the embedded
// engine the backup is taken from a running server (which holds the database); on PostgreSQL
// through pg_dump, then restored into a new, empty database.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { openDatabase } from "../../server/db.ts";
import {
  createBackupArchive,
  RestoreRefusedError,
  restoreIntoPostgres,
} from "../../server/features/ops/backup.service.ts";
import { type ServerProcess, startServerProcess, stopServers, waitForHealth } from "../helpers/server-process.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, testEngine } from "../helpers/test-db.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "backup-test-"));
const servers: ServerProcess[] = [];

afterAll(async () => {
  await stopServers(servers);
  rmSync(scratch, { recursive: true, force: true });
});

function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
  });
}

async function countRows(database: Awaited<ReturnType<typeof openDatabase>>) {
  const db = database.prisma;
  return {
    bookings: await db.booking.count(),
    sharedFiles: await db.sharedFile.count(),
    users: await db.user.count(),
    slots: await db.availabilitySlot.count(),
  };
}

describe.runIf(testEngine === "pglite")("backup and restore of the embedded database", () => {
  it("backs up a running server and restores every booking and file into an empty data directory", async () => {
    const dataDir = path.join(scratch, "live");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(server);
    await waitForHealth(server);
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "f3a1-homework.pdf"), "%PDF-1.4 homework");

    const backupStarted = new Date();
    const { stdout } = await script("backup", [path.join(scratch, "archives")], { DATA_DIR: dataDir });
    expect(stdout).toContain("written by the running server");
    const archive = stdout.match(/(\/\S+\.tar\.gz)/)?.[1] ?? "";
    expect(existsSync(archive)).toBe(true);
    // The server kept serving while it made the backup.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    const original = await openDatabase({ dataDir });
    const { slots: _, ...expected } = await countRows(original);
    const originalSlots = await original.prisma.availabilitySlot.findMany({ select: { id: true, createdAt: true } });
    await original.close();
    expect(expected.bookings).toBeGreaterThan(0);
    expect(expected.sharedFiles).toBeGreaterThan(0);

    const restoredDir = path.join(scratch, "restored");
    await script("restore", [archive], { DATA_DIR: restoredDir });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const { slots: __, ...counts } = await countRows(restored);
      expect(counts).toEqual(expected);
      // Every slot that existed when the backup began is restored, and no other: the server's
      // hourly top-up may add the next day's slots while the backup runs (its first pass comes
      // 5 s after the start, within this test on a slow machine), and those are not in it.
      const restoredIds = new Set(
        (await restored.prisma.availabilitySlot.findMany({ select: { id: true } })).map((slot) => slot.id),
      );
      const missing = originalSlots.filter((slot) => !restoredIds.has(slot.id) && slot.createdAt < backupStarted);
      expect(missing).toEqual([]);
      const originalIds = new Set(originalSlots.map((slot) => slot.id));
      expect([...restoredIds].filter((id) => !originalIds.has(id))).toEqual([]);
      expect(restoredIds.size).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(restoredDir, "uploads", "f3a1-homework.pdf"), "utf8")).toBe("%PDF-1.4 homework");

    // Never over live data: a second restore into the same directory is refused.
    await expect(script("restore", [archive], { DATA_DIR: restoredDir })).rejects.toMatchObject({
      stderr: expect.stringContaining("already holds a database"),
    });
  }, 300_000);
});

describe.runIf(testEngine === "postgresql")("backup and restore on PostgreSQL", () => {
  it("restores a pg_dump backup and the uploads into a new, empty database", async () => {
    const source = await createTestDatabase("postgresql");
    const target = await createTestDatabase("postgresql");
    try {
      await seedDatabase(source.prisma, testEnv({ ADMIN_EMAILS: "" }));
      const uploadsDir = path.join(scratch, "pg-uploads");
      mkdirSync(uploadsDir, { recursive: true });
      writeFileSync(path.join(uploadsDir, "a1b2-audio.mp3"), "ID3 audio");
      const archive = await createBackupArchive(source, { uploadsDir, outDir: path.join(scratch, "pg-archives") });
      const expected = await countRows(source);
      expect(expected.bookings).toBeGreaterThan(0);

      // The target already has the schema (migrations ran when it was opened): refused as not empty.
      await expect(
        restoreIntoPostgres(archive, target.url ?? "", path.join(scratch, "pg-restored-uploads")),
      ).rejects.toBeInstanceOf(RestoreRefusedError);
      await target.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE");
      await target.prisma.$executeRawUnsafe("CREATE SCHEMA public");
      await restoreIntoPostgres(archive, target.url ?? "", path.join(scratch, "pg-restored-uploads"));
      expect(await countRows(target)).toEqual(expected);
      expect(readFileSync(path.join(scratch, "pg-restored-uploads", "a1b2-audio.mp3"), "utf8")).toBe("ID3 audio");
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});
