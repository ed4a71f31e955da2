// `npm start` runs the built server (dist/server/index.mjs, one bundled file), not the sources:
// it must find the migrations, seed data and quiz bank from there, serve, and stop cleanly.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../../scripts/build-server.ts";
import { openDatabase } from "../../server/db.ts";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";
import { startServerProcess, waitForHealth } from "../helpers/server-process.ts";
import { testEngine } from "../helpers/test-db.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "built-server-"));
// Inside the project, as dist/server is: the server finds its files from package.json upwards.
const outfile = path.resolve(import.meta.dirname, "../../tmp/built-server", `${process.pid}`, "index.mjs");

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(path.dirname(outfile), { recursive: true, force: true });
});

// The embedded database (the default); the PostgreSQL run adds nothing here.
describe.runIf(testEngine === "pglite")("the built server", () => {
  it("starts on a new data directory, serves the catalogue and the quiz bank, and stops with exit 0", async () => {
    await buildServer(outfile);
    // Node keeps its compile cache in the temporary directory (NODE_COMPILE_CACHE unset).
    const temporary = path.join(scratch, "tmp");
    mkdirSync(temporary);
    // Started with the server's node flags (server/node-flags.ts), as npm start does. V8 prints
    // each collection of WebAssembly code it runs (server/db/wasm-code-gc.ts) and each function
    // it compiles, with the compiler it used.
    const server = await startServerProcess(
      { DATA_DIR: path.join(scratch, "data"), DATABASE_URL: "", TMPDIR: temporary },
      [...SERVER_NODE_FLAGS, "--trace-wasm-code-gc", "--trace-wasm-compilation-times", outfile],
    );
    try {
      await waitForHealth(server);
      const { packages } = (await (await fetch(`${server.url}/api/pricing/packages`)).json()) as {
        packages: { id: string }[];
      };
      expect(packages.map((p) => p.id)).toContain("single-lesson");
      // Some work for both WebAssembly modules (PostgreSQL's and Prisma's query compiler). The
      // API alone: the suite runs before the client is built.
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${server.url}/api/availability`)).status).toBe(200);
        expect((await fetch(`${server.url}/api/trpc/booking.teachers`)).status).toBe(200);
      }
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/error/i);
    // No WebAssembly code was freed: the path of V8's abort under PGlite is never taken.
    expect(server.output()).not.toContain("[wasm-gc]");
    // WebAssembly ran on the baseline compiler only: optimising PostgreSQL's largest function
    // alone took V8 604 MB of compiler memory (issue 27). Without --liftoff-only the same start
    // and requests compile about 480 functions with TurboFan.
    const compiled = server.output().match(/^Compiled function .* using \w+/gm) ?? [];
    expect(compiled.length, "V8 traced its WebAssembly compilations").toBeGreaterThan(1000);
    expect(compiled.filter((line) => !line.endsWith("using Liftoff"))).toEqual([]);
    expect(server.output()).not.toContain("was started without");
    // The entry turns V8's compile cache on before loading the bundle: the next start reuses it.
    const cached = readdirSync(path.join(temporary, "node-compile-cache"), { recursive: true });
    expect(cached.length, "compile cache written").toBeGreaterThan(0);
    const database = await openDatabase({ dataDir: path.join(scratch, "data") });
    try {
      expect(await database.prisma.quizQuestion.count(), "the quiz bank was seeded").toBeGreaterThan(500);
      // db.ts keeps the embedded database's buffers small (its memory never shrinks).
      const [{ shared_buffers }] = await database.prisma.$queryRaw<{ shared_buffers: string }[]>`SHOW shared_buffers`;
      expect(shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  }, 120_000);
});
