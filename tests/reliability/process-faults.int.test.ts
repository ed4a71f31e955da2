// Faults of the real server process on the embedded database (checklist #24, #25): SIGTERM with
// 10 bookings in flight, and SIGKILL at random moments while booking in a loop, 20 times. Every
// restart reuses the same DATA_DIR. Deliberately long (about a minute in all): real processes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess, waitForHealth } from "../helpers/server-process.ts";
import { testEngine } from "../helpers/test-db.ts";

// The embedded database is what these faults threaten; the PostgreSQL run of the suite skips them.
const runs = testEngine === "pglite";

const dataDir = mkdtempSync(path.join(tmpdir(), "english-faults-"));
let server: ServerProcess | null = null;
let cookie = "";
const freeStarts: string[] = [];

async function start() {
  server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMIT_BOOKING: "100000", RATE_LIMIT_AUTH: "100000" });
  await waitForHealth(server, 60_000);
  return server;
}

const studentInfo = {
  name: "Sofia Bianchi",
  email: "ignored@test.example",
  phone: "+39 333 000 1111",
  english_level: "intermediate",
  lesson_focus: "Travel",
  notes: "",
};

/** Resolves once the server answers 503 (draining) or no longer accepts connections. */
async function untilDraining(s: ServerProcess) {
  for (;;) {
    const status = await fetch(`${s.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function book(s: ServerProcess, lessonDate: string) {
  return fetch(`${s.url}/api/bookings`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ studentInfo, lesson_date: lessonDate, lessonType: "online" }),
  });
}

async function lessons(s: ServerProcess): Promise<{ id: string; lesson_date: string; status: string }[]> {
  const response = await fetch(`${s.url}/api/student/lessons`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const body = await response.json();
  return (body.lessons ?? body) as { id: string; lesson_date: string; status: string }[];
}

beforeAll(async () => {
  if (!runs) return;
  const s = await start();
  const signIn = await fetch(`${s.url}/api/demo-auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: "role=student",
  });
  const set = signIn.headers.getSetCookie().find((c) => c.startsWith("student_session="));
  expect(set, "demo sign-in gave no session").toBeTruthy();
  cookie = (set as string).split(";")[0];
  // Free lesson starts over the next weeks, spread out so no two collide through the buffer.
  for (let week = 0; week < 10 && freeStarts.length < 120; week++) {
    const from = new Date(Date.now() + (3 + week * 7) * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${s.url}/api/availability?startDate=${from}`);
    const { availableSlots } = (await response.json()) as { availableSlots: { startTime: string }[] };
    let last = 0;
    for (const slot of availableSlots) {
      const t = Date.parse(slot.startTime);
      if (t - last >= 3 * 3_600_000 && !freeStarts.includes(slot.startTime)) {
        freeStarts.push(slot.startTime);
        last = t;
      }
    }
  }
  expect(freeStarts.length).toBeGreaterThanOrEqual(40);
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(runs)("SIGTERM with 10 requests in flight", () => {
  // This test found that Fastify's close() reset requests that were sent but not yet read (the
  // event loop was busy with the database): app.closeGracefully() in server/app.ts fixes it.
  it("finishes them, refuses new ones, exits 0 within 2 s, and keeps the bookings", async () => {
    const s = server as ServerProcess;
    const before = (await lessons(s)).length;
    const starts = freeStarts.splice(0, 10);
    const inFlight = starts.map((d) =>
      book(s, d).then(
        async (r) => ({ status: r.status, body: await r.json() }),
        (e: Error) => ({ status: 0, body: String((e.cause as Error)?.message ?? e) }),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const signalled = Date.now();
    s.child.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    // Every request in flight got a real answer: booked, or a clean 503 if it arrived after the signal.
    for (const r of results) expect([200, 503]).toContain(r.status);
    const acknowledged = results.filter((r) => r.status === 200).map((r) => r.body.booking.id as string);
    // A shutdown still serves what arrives in its first 100 ms (DRAIN_SETTLE_MS in server/app.ts),
    // counted from when the process handles the signal, which on a loaded machine can be well
    // after it was sent. Once a probe is refused the server is draining: from then on, nothing new
    // may be served.
    await untilDraining(s);
    const late = await book(s, freeStarts.shift() as string).then(
      (r) => r.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);
    expect(await s.exited, s.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(2_000);

    const next = await start();
    const after = await lessons(next);
    const ids = new Set(after.map((l) => l.id));
    for (const id of acknowledged) expect(ids.has(id), `booking ${id} lost`).toBe(true);
    expect(after.length).toBe(before + acknowledged.length);
  }, 120_000);
});

describe.runIf(runs)("SIGKILL at random moments while booking", () => {
  // Passes 20 of 20 rounds here (about 6 s a round: most of it the restart). Never weaken the
  // assertions below; if a round ever fails to reopen, find the cause in the embedded database.
  it("reopens every time; stored rows = acknowledged bookings (+ at most the one in flight); no overlap", async () => {
    if (!server || server.child.killed || server.child.exitCode !== null) {
      if (server) await server.exited;
      await start();
    }
    const acknowledged = new Set<string>();
    const maybe = new Set<string>(); // starts whose request was cut off by the kill
    const baseline = new Set((await lessons(server as ServerProcess)).map((l) => l.id));
    for (let round = 0; round < 20; round++) {
      const s = server as ServerProcess;
      let killed = false;
      let firstAck: () => void = () => {};
      const acked = new Promise<void>((resolve) => (firstAck = resolve));
      const loop = (async () => {
        while (!killed && freeStarts.length > 0) {
          const date = freeStarts.shift() as string;
          try {
            const r = await book(s, date);
            const body = await r.json();
            if (r.status === 200) {
              acknowledged.add(body.booking.id);
              firstAck();
            }
          } catch {
            maybe.add(date);
            return;
          }
        }
        firstAck();
      })();
      // A freshly started server answers its first booking slowly (cold code paths): wait for one
      // acknowledgement, then kill at a random moment among the bookings that follow. (A fixed
      // window from the start killed some rounds before any answer on a busy machine.)
      await Promise.race([acked, new Promise((r) => setTimeout(r, 15_000))]);
      await new Promise((r) => setTimeout(r, Math.random() * 80));
      killed = true;
      s.child.kill("SIGKILL");
      await s.exited;
      await loop;
      await start(); // must reopen every time
    }
    const all = await lessons(server as ServerProcess);
    // The rows this test wrote, whatever happened meanwhile to the lessons that were there before.
    const written = new Set(all.filter((l) => !baseline.has(l.id)).map((l) => l.id));
    for (const id of acknowledged) expect(written.has(id), `acknowledged booking ${id} lost`).toBe(true);
    const extra = written.size - acknowledged.size;
    expect(extra).toBeGreaterThanOrEqual(0);
    expect(extra).toBeLessThanOrEqual(maybe.size);
    expect(acknowledged.size).toBeGreaterThan(0);
    // No two lessons overlap.
    const stored = all.filter((l) => l.status !== "cancelled");
    const times = stored.map((l) => Date.parse(l.lesson_date)).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(3_600_000);
  }, 240_000);
});
