// The quiz procedures beside the REST paths they stand for (/api/quiz-results/*, the public
// /api/certificates/{code}), on a real migrated database: the same answers for the same student,
// errors included, and nothing of another student's.
import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithSession, type TestUser } from "../helpers/booking-factory.ts";
import { prepareTestApp } from "../helpers/test-app.ts";
import { injectRest, injectTrpc } from "../helpers/transports.ts";

const t = prepareTestApp();
let sofia: TestUser;
let marco: TestUser;

beforeAll(async () => {
  sofia = await createUserWithSession(t.database.prisma, { name: "Sofia Maria Bianchi" });
  marco = await createUserWithSession(t.database.prisma, { name: "Marco Verdi" });
});

const rest = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: unknown) =>
  injectRest(t.app, { method, url, payload, cookie: user?.cookie });

/** A saved result without what differs between two saves (its id and time). */
const sameResult = (saved: unknown) => {
  const { result, ...rest } = saved as { result: { id: string; createdAt: string } };
  const { id: _id, createdAt: _createdAt, ...fields } = result;
  return { ...rest, result: fields };
};

describe("results and stats", () => {
  it("save stores a browser-scored result as POST /api/quiz-results/save does", async () => {
    const body = {
      quizType: "ai",
      score: 2,
      totalQuestions: 3,
      studyTimeSeconds: 170,
      metadata: { assessmentType: "ai", topic: "Travel" },
    };
    const byRest = await rest(sofia, "POST", "/api/quiz-results/save", body);
    const byTrpc = await injectTrpc(t.app, { path: "quiz.save", type: "mutation", input: body, cookie: sofia.cookie });
    expect(byRest.statusCode).toBe(200);
    expect(byTrpc.statusCode).toBe(200);
    expect(sameResult(byTrpc.data)).toEqual(sameResult(byRest.json()));
    expect(byTrpc.data).toMatchObject({ success: true, result: { isVerified: false, score: 2 } });

    const tooMany = { ...body, score: 4 };
    const refusedRest = await rest(sofia, "POST", "/api/quiz-results/save", tooMany);
    const refusedTrpc = await injectTrpc(t.app, {
      path: "quiz.save",
      type: "mutation",
      input: tooMany,
      cookie: sofia.cookie,
    });
    expect(refusedTrpc.statusCode).toBe(refusedRest.statusCode);
    expect(refusedTrpc.message).toBe(refusedRest.json().error);
  });

  it("stats and history answer as their REST paths, with only the caller's results", async () => {
    await rest(marco, "POST", "/api/quiz-results/save", { quizType: "ai", score: 3, totalQuestions: 3 });
    // Sofia saved twice above (once by each transport), Marco once.
    for (const [user, saved] of [
      [sofia, 2],
      [marco, 1],
    ] as const) {
      const stats = await injectTrpc(t.app, { path: "quiz.stats", cookie: user.cookie });
      expect(stats.data).toEqual((await rest(user, "GET", "/api/quiz-results/stats")).json());
      const history = await injectTrpc(t.app, { path: "quiz.history", cookie: user.cookie });
      const restHistory = (await rest(user, "GET", "/api/quiz-results/history")).json();
      expect(history.data).toEqual(restHistory);
      expect(restHistory.results).toHaveLength(saved);
      const filtered = await injectTrpc(t.app, {
        path: "quiz.history",
        input: { quizType: "level", limit: 5 },
        cookie: user.cookie,
      });
      expect(filtered.data).toEqual(
        (await rest(user, "GET", "/api/quiz-results/history?quizType=level&limit=5")).json(),
      );
    }
    const sofias = (await injectTrpc(t.app, { path: "quiz.history", cookie: sofia.cookie })).data as {
      results: { id: string }[];
    };
    const marcos = await injectTrpc(t.app, { path: "quiz.history", cookie: marco.cookie });
    expect(marcos.body).not.toContain(sofias.results[0]?.id);
  });

  it.each(["quiz.save", "quiz.history", "quiz.stats"])("%s answers 401 signed out", async (path) => {
    const answer = await injectTrpc(t.app, { path, type: path === "quiz.save" ? "mutation" : undefined, input: {} });
    expect(answer.statusCode).toBe(401);
  });
});

describe("public certificate verification", () => {
  it("verifyCertificate answers as GET /api/certificates/{code}, for good and bad codes, signed out", async () => {
    await t.database.prisma.quizResult.create({
      data: {
        userId: sofia.id,
        quizType: "level",
        quizLevel: "A2",
        score: 30,
        totalQuestions: 45,
        isVerified: true,
        certificateCode: "EWG-TWIN-TEST-0001",
      },
    });
    await t.database.prisma.quizResult.create({
      data: { userId: marco.id, quizType: "level", score: 1, totalQuestions: 3, certificateCode: "EWG-NOTV-ERIF-IED1" },
    });
    for (const code of [
      "EWG-TWIN-TEST-0001",
      "ewg-twin-test-0001",
      "EWG-NOTV-ERIF-IED1",
      "EWG-AAAA-BBBB-CCCC",
      "<script>",
      "x",
    ]) {
      const byRest = await rest(null, "GET", `/api/certificates/${encodeURIComponent(code)}`);
      const byTrpc = await injectTrpc(t.app, { path: "quiz.verifyCertificate", input: { code } });
      expect(byTrpc.statusCode, code).toBe(byRest.statusCode);
      if (byRest.statusCode === 200) expect(byTrpc.data).toEqual(byRest.json());
      else expect(byTrpc.message).toBe(byRest.json().error);
    }
    const valid = await injectTrpc(t.app, { path: "quiz.verifyCertificate", input: { code: "EWG-TWIN-TEST-0001" } });
    expect(valid.data).toMatchObject({ certificate: { holder: "Sofia B.", level: "A2 Elementary" } });
    expect(valid.body).not.toMatch(/Maria|Bianchi|@/);
  });
});
