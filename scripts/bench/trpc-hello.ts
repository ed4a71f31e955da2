// The second reference point of `npm run bench`: tRPC's own Fastify adapter serving one trivial
// query, nothing else (no sessions, security headers or hooks): what tRPC itself costs here.
import { initTRPC } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify from "fastify";

const t = initTRPC.create();
const router = t.router({ hello: t.procedure.query(() => ({ hello: "world" })) });

const app = Fastify({ logger: false });
await app.register(fastifyTRPCPlugin, { prefix: "/trpc", trpcOptions: { router } });
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
