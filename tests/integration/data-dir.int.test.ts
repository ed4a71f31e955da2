// The embedded database belongs to one process: a second server on the same DATA_DIR refuses to
// start with a clear message, and the first keeps working.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess, stopServers, waitForHealth } from "../helpers/server-process.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "english-data-"));
const started: ServerProcess[] = [];

afterAll(async () => {
  await stopServers(started);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("one server per embedded data directory", () => {
  it("refuses a second server on the same DATA_DIR and leaves the first unharmed", async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    started.push(first);
    await waitForHealth(first);
    const before = await (await fetch(`${first.url}/api/pricing/packages`)).json();

    const second = await startServerProcess({ DATA_DIR: dataDir });
    started.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain("is in use by another server");
    expect(second.output()).toContain("DATABASE_URL");

    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await (await fetch(`${first.url}/api/pricing/packages`)).json()).toEqual(before);
  }, 180_000);

  it("shuts down on SIGTERM with exit 0 and releases the directory for the next start", async () => {
    const first = started[0];
    first.child.kill("SIGTERM");
    expect(await first.exited, first.output()).toBe(0);
    const next = await startServerProcess({ DATA_DIR: dataDir });
    started.push(next);
    await waitForHealth(next);
    const { packages } = await (await fetch(`${next.url}/api/pricing/packages`)).json();
    expect(packages.length).toBeGreaterThan(0);
  }, 180_000);
});
