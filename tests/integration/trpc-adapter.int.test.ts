// The app serves tRPC through its own Fastify route (server/trpc/fastify-adapter.ts) instead of
// tRPC's fastifyTRPCPlugin (docs/decisions/0002-trpc-fastify-adapter.md). One router, built from
// the app's own base procedures, error formatter and transformer, is served both ways on two
// Fastify instances; every answer must be the same, status and JSON body, errors included. The
// differences that are on purpose are the last block, each pinned as it is.
import { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type InjectOptions } from "fastify";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, INTERNAL_ERROR_MESSAGE } from "../../server/errors.ts";
import { TOO_DEEP_MESSAGE, UNREADABLE_MESSAGE } from "../../server/http/input-text.ts";
import { MemoryRateLimiter } from "../../server/plugins/rate-limit.ts";
import { type AppServices, createContextFactory } from "../../server/trpc/context.ts";
import { MAX_BATCH_SIZE, trpcPlugin } from "../../server/trpc/fastify-adapter.ts";
import { publicProcedure, router } from "../../server/trpc/init.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const testRouter = router({
  greeting: publicProcedure.input(z.object({ name: z.string().min(1) })).query(({ input, ctx }) => ({
    text: `Hello, ${input.name}`,
    at: new Date(Date.UTC(2026, 0, 5)),
    ip: ctx.clientIp,
  })),
  rename: publicProcedure
    .input(z.object({ id: z.string(), name: z.string().max(20) }))
    .mutation(({ input }) => ({ id: input.id, name: input.name, renamed: true })),
  missing: publicProcedure.query((): never => {
    throw new AppError("NOT_FOUND", "That lesson does not exist.");
  }),
  taken: publicProcedure.mutation((): never => {
    throw new TRPCError({ code: "CONFLICT", message: "Sorry, this time slot was just booked." });
  }),
  broken: publicProcedure.query((): never => {
    throw new Error("connection to 10.0.0.7 refused"); // internal text: must never reach a client
  }),
  echo: publicProcedure.input(z.unknown()).query(({ input }) => ({ input })),
});
type TestRouter = typeof testRouter;

let database: TestDatabase;
let ours: FastifyInstance;
let theirs: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const services: AppServices = { db: database.prisma, env: testEnv(), rateLimiter: new MemoryRateLimiter() };
  const createContext = createContextFactory(services);
  // Mounted as server/app.ts mounts it: under /api/trpc, with the app's context factory and the
  // app's longest path parameter (a batch names every procedure in the path).
  const options = { logger: false, routerOptions: { maxParamLength: 300 } };
  ours = Fastify(options);
  await ours.register(trpcPlugin<TestRouter>({ router: testRouter, createContext }), { prefix: "/api/trpc" });
  theirs = Fastify(options);
  await theirs.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: { router: testRouter, createContext, maxBatchSize: MAX_BATCH_SIZE },
  });
  await Promise.all([ours.ready(), theirs.ready()]);
});
afterAll(async () => {
  await Promise.all([ours?.close(), theirs?.close()]);
  await database?.close();
});

/** tRPC's wire form of one input: superjson, as the client's link sends it. */
const wire = (value: unknown) => JSON.stringify(superjson.serialize(value));
const query = (path: string, input?: unknown): InjectOptions => ({
  method: "GET",
  url: `/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(wire(input))}`}`,
});
const mutation = (path: string, input?: unknown): InjectOptions => ({
  method: "POST",
  url: `/api/trpc/${path}`,
  headers: { "content-type": "application/json" },
  payload: input === undefined ? "" : wire(input),
});
const batchQuery = (calls: [string, unknown][]): InjectOptions => {
  const inputs = Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]));
  return {
    method: "GET",
    url: `/api/trpc/${calls.map(([path]) => path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
  };
};

/** Status, media type (the charset parameter is one of the differences below) and JSON body. */
type Answer = { status: number; mediaType: string | undefined; body: unknown };
async function answer(app: FastifyInstance, request: InjectOptions): Promise<Answer> {
  const response = await app.inject(request);
  return {
    status: response.statusCode,
    mediaType: response.headers["content-type"]?.toString().split(";")[0],
    body: response.body === "" ? "" : response.json(),
  };
}
async function both(request: InjectOptions) {
  return { ours: await answer(ours, request), theirs: await answer(theirs, request) };
}

describe("the app's tRPC adapter answers as tRPC's fastifyTRPCPlugin does", () => {
  const cases: [string, InjectOptions, number][] = [
    ["a query, with a Date through superjson and the context", query("greeting", { name: "Anna" }), 200],
    ["a mutation", mutation("rename", { id: "l-1", name: "Morning lesson" }), 200],
    ["an input that fails validation (query)", query("greeting", { name: "" }), 400],
    ["an input that fails validation (mutation)", mutation("rename", { id: "l-1", name: "x".repeat(21) }), 400],
    ["a missing input", query("greeting"), 400],
    ["an AppError thrown by a service", query("missing"), 404],
    ["a TRPCError thrown by a procedure", mutation("taken"), 409],
    ["an unexpected error: no internal text leaves", query("broken"), 500],
    ["an unknown procedure", query("nothing"), 404],
    ["a mutation called with GET", query("rename", { id: "l-1", name: "x" }), 405],
    ["a query called with POST", mutation("greeting", { name: "Anna" }), 405],
    [
      "a body that is not JSON",
      { method: "POST", url: "/api/trpc/rename", headers: { "content-type": "application/json" }, payload: "{nope" },
      400,
    ],
    [
      "a batch of queries",
      batchQuery([
        ["greeting", { name: "Anna" }],
        ["echo", { deep: [1, 2] }],
      ]),
      200,
    ],
    [
      "a batch where one call fails (207 Multi-Status)",
      batchQuery([
        ["greeting", { name: "Anna" }],
        ["missing", undefined],
        ["greeting", { name: "" }],
      ]),
      207,
    ],
    [
      "a batched mutation",
      {
        method: "POST",
        url: "/api/trpc/rename,taken?batch=1",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({
          0: superjson.serialize({ id: "l-2", name: "Evening" }),
          1: superjson.serialize(undefined),
        }),
      },
      207,
    ],
    [
      `a batch over MAX_BATCH_SIZE (${MAX_BATCH_SIZE}) calls`,
      batchQuery(Array.from({ length: MAX_BATCH_SIZE + 1 }, (): [string, unknown] => ["greeting", { name: "A" }])),
      400,
    ],
  ];

  it.each(cases)("%s", async (_name, request, status) => {
    const { ours: mine, theirs: reference } = await both(request);
    expect(mine).toEqual(reference);
    expect(mine.status).toBe(status);
  });

  it("keeps the app's error texts: validation, AppError, internal errors, unreadable input", async () => {
    const invalid = await answer(ours, query("greeting", { name: "" }));
    // The app's one validation policy (trpc/error-policy.ts): zod's generic text becomes "Invalid <field>.".
    expect(invalid.body).toMatchObject({ error: { json: { message: "Invalid name." } } });
    expect((await answer(ours, query("missing"))).body).toMatchObject({
      error: { json: { message: "That lesson does not exist.", data: { code: "NOT_FOUND", httpStatus: 404 } } },
    });
    expect((await answer(ours, query("broken"))).body).toMatchObject({
      error: { json: { message: INTERNAL_ERROR_MESSAGE } },
    });
    const unreadable = await answer(ours, {
      method: "POST",
      url: "/api/trpc/rename",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(unreadable.body).toMatchObject({ error: { json: { message: UNREADABLE_MESSAGE } } });
  });
});

describe("where the app's adapter differs on purpose", () => {
  it("sends the answer as one string with a Content-Length (tRPC's streams a web Response)", async () => {
    const mine = await ours.inject(query("greeting", { name: "Anna" }));
    const reference = await theirs.inject(query("greeting", { name: "Anna" }));
    expect(mine.body).toBe(reference.body);
    // Fastify names the charset of a string it sends; the bytes are UTF-8 either way.
    expect(mine.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(reference.headers["content-type"]).toBe("application/json");
    expect(mine.headers["content-length"]).toBe(String(Buffer.byteLength(mine.body)));
    expect(mine.headers["transfer-encoding"]).toBeUndefined();
    expect(reference.headers["content-length"]).toBeUndefined();
    expect(reference.headers["transfer-encoding"]).toBe("chunked");
  });

  it("refuses input nested deeper than 32 levels before tRPC parses it (tRPC's parses and runs it)", async () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 40; level++) deep = [deep];
    const { ours: mine, theirs: reference } = await both(query("echo", deep));
    expect(mine.status).toBe(400);
    expect(mine.body).toMatchObject({
      error: { json: { message: TOO_DEEP_MESSAGE, data: { code: "BAD_REQUEST", httpStatus: 400 } } },
    });
    expect(reference.status).toBe(200);
  });

  it("accepts JSON only: a multipart body is a 415 (tRPC's reads it as FormData, a 500 here)", async () => {
    const boundary = "----x";
    const request: InjectOptions = {
      method: "POST",
      url: "/api/trpc/rename",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nl-1\r\n--${boundary}--\r\n`,
    };
    const mine = await ours.inject(request);
    expect(mine.statusCode).toBe(415);
    const reference = await theirs.inject(request);
    // This router has no FormData inputs: the form reaches a JSON procedure and fails inside it.
    expect(reference.statusCode).toBe(500);
  });
});
