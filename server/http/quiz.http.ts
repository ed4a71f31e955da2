// REST adapters of the quiz area: the spec's /api/quiz-results/* (students only) and the public
// certificate verification. They call the same services as the quiz tRPC router.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { certificateCodeSchema, historyQuerySchema, saveResultSchema } from "../../shared/quiz-schemas.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { getStats, listHistory, saveResult, verifyCertificate } from "../features/quiz/quiz.service.ts";

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("BAD_REQUEST", `${issue.path.join(".") || "input"}: ${issue.message}`);
  }
  return parsed.data;
}

export async function quizRoutes(app: FastifyInstance, opts: { db: Db; env: Env }) {
  const requireStudent = async (request: FastifyRequest) => {
    const student = await request.sessionUser("student");
    if (!student) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
    return student;
  };

  app.post("/api/quiz-results/save", { config: { rateLimit: "write" } }, async (request) => {
    const student = await requireStudent(request);
    const body = parse(saveResultSchema, request.body);
    const saved = await saveResult({ db: opts.db, env: opts.env, log: request.log }, student, body);
    return { success: true, ...saved };
  });

  app.get("/api/quiz-results/history", async (request) => {
    const student = await requireStudent(request);
    return listHistory(opts.db, student, parse(historyQuerySchema, request.query));
  });

  app.get("/api/quiz-results/stats", async (request) => getStats(opts.db, await requireStudent(request)));

  // Public on purpose: anyone holding the code may check it; the answer names only the first
  // name and the last name's initial.
  app.get<{ Params: { code: string } }>(
    "/api/certificates/:code",
    { config: { rateLimit: "code-lookup" } },
    async (request) => {
      const code = certificateCodeSchema.safeParse(request.params.code.toUpperCase());
      if (!code.success) throw new AppError("NOT_FOUND", "This certificate code is not valid.");
      return verifyCertificate(opts.db, code.data);
    },
  );
}
