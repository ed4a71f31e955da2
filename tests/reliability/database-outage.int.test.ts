// Checklist #28: /api/health turns 503 when PostgreSQL is gone and 200 again when it is back,
// with no restart. The outage is real at the network level: the app reaches PostgreSQL through a
// TCP relay on loopback that the test cuts (every connection reset, new ones refused) and restores.
// (The embedded database lives in the process: its outage is the closed handle of platform.int.)
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

class TcpRelay {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Accepts connections and never answers: a database host that stopped responding. */
  blackHole = false;

  async open() {
    const server = createServer((client) => {
      if (this.blackHole) {
        this.sockets.add(client);
        client.on("close", () => this.sockets.delete(client));
        client.on("error", () => {});
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.resetAndDestroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }
}

describe.runIf(testEngine === "postgresql")("health through a PostgreSQL outage", () => {
  let direct: TestDatabase;
  let relay: TcpRelay;
  let t: TestApp;

  beforeAll(async () => {
    direct = await createTestDatabase("postgresql");
    const url = new URL(direct.url as string);
    relay = new TcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.port = String(relay.port);
    const viaRelay = await openDatabase({ databaseUrl: url.toString() });
    t = await createTestApp({ database: { ...viaRelay, url: url.toString() } });
  }, 60_000);

  afterAll(async () => {
    await t?.app.close();
    await t?.database.close().catch(() => {});
    await direct?.close();
  });

  const health = () => t.app.inject({ method: "GET", url: "/api/health" });

  it("answers 503 quickly while the database is unreachable and 200 once it is back", async () => {
    expect((await health()).statusCode).toBe(200);

    await relay.cut();
    const started = Date.now();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable" });
    // A load balancer's health check must get an answer, not hang on a dead connection.
    expect(Date.now() - started).toBeLessThan(6_000);
    // Other requests fail cleanly too, with the generic message and no internals.
    const catalogue = await t.app.inject({ method: "GET", url: "/api/pricing/packages" });
    expect(catalogue.statusCode).toBe(500);
    expect(catalogue.body).not.toMatch(/ECONN|postgres|prisma|127\.0\.0\.1/i);

    await relay.open();
    await expect.poll(async () => (await health()).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/pricing/packages" });
    expect(after.statusCode).toBe(200);
    expect(after.json().packages.length).toBeGreaterThan(0);
  }, 60_000);

  it("answers 503 in bounded time when the database host stops responding, and recovers", async () => {
    await relay.cut();
    relay.blackHole = true;
    await relay.open();
    // Let the pool drop its reset connections, so the next query must open a new one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await health()).statusCode).toBe(503);
    const started = Date.now();
    expect((await health()).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(6_000);

    await relay.cut();
    relay.blackHole = false;
    await relay.open();
    await expect.poll(async () => (await health()).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
  }, 60_000);
});
