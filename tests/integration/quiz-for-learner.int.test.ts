// Issue 31, item 0: a quiz can be taken for a child. The start names the learner of the family
// taking it (`learner_id` over REST, `learnerId` over tRPC); the attempt, its result and its
// certificate are that learner's: in their profile for the teacher, in the family's results and
// level points under them, not under the account holder's own learner. Another family's learner
// is a 404; without one, the account holder's own learner takes it, as before.
import { describe, expect, it } from "vitest";
import { prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

type Question = { id: string };

/** Runs a test to the end over REST, every answer right; returns its attempt and result. */
async function take(as: TestUser, start: Record<string, unknown>) {
  const started = await t.send("POST", "/api/quiz/attempts", { as, payload: start });
  expect(started.statusCode, started.body).toBe(200);
  const attemptId: string = started.json().attemptId;
  let questions: Question[] = started.json().questions;
  for (;;) {
    const key = await servedKeys(db(), { attemptId, questions });
    const answers = Object.fromEntries(questions.map((q) => [q.id, defined(key.get(q.id))]));
    const sent = await t.send("POST", `/api/quiz/attempts/${attemptId}/answers`, { as, payload: { answers } });
    expect(sent.statusCode, sent.body).toBe(200);
    if (sent.json().result) return { attemptId, result: sent.json().result };
    questions = defined(sent.json().questions);
  }
}

/** A father with his own learner and a son. */
async function family() {
  const father = await t.createStudent({ name: "Roberto Galli" });
  const add = async (name: string, ageGroup: string, isSelf: boolean) =>
    db().learner.create({
      data: { accountId: father.id, name, nameKey: name.toLowerCase(), ageGroup, isSelf },
      select: { id: true, name: true },
    });
  return { father, self: await add("Roberto Galli", "adult", true), son: await add("Tommaso Galli", "child", false) };
}

describe(`a quiz taken for a learner of the family on ${testEngine}`, () => {
  it("a parent starts a placement test for the son: the result is the son's, in his profile, results and level points", async () => {
    const { father, self, son } = await family();
    const run = await take(father, { kind: "placement", mode: "quick", learner_id: son.id });
    expect(run.result).toMatchObject({ score: 15, total: 15 });
    const stored = await db().quizResult.findUniqueOrThrow({
      where: { attemptId: run.attemptId },
      select: { learnerId: true, userId: true },
    });
    expect(stored).toEqual({ learnerId: son.id, userId: father.id });

    // The teacher finds it in the son's profile, not in the father's own.
    const teacher = t.caller({ admin: t.admin }).admin;
    const his = await teacher.learnerResults({ student_id: father.id, learner_id: son.id });
    expect(his.results).toMatchObject([{ learner: { name: "Tommaso Galli" } }]);
    const fathers = await teacher.learnerResults({ student_id: father.id, learner_id: self.id });
    expect(fathers.results).toEqual([]);

    // The family's results and level points list it under the son.
    const results = await t.send("GET", `/api/student/quiz-results?learner_id=${son.id}`, { as: father });
    expect(results.json().results).toMatchObject([{ learner: { id: son.id, name: "Tommaso Galli" } }]);
    const own = await t.send("GET", `/api/student/quiz-results?learner_id=${self.id}`, { as: father });
    expect(own.json().results).toEqual([]);
    const portal = t.caller({ student: father }).portal;
    const points = await portal.levelProgress({ learner_id: son.id });
    expect(points.points).toHaveLength(1);
    expect(points.points[0]).toMatchObject({ source: "placement" });
    expect((await portal.levelProgress({ learner_id: self.id })).points).toEqual([]);
  });

  it("a level test passed for the son earns a certificate in his name; without a learner the father takes it", async () => {
    const { father, self, son } = await family();
    const his = await take(father, { kind: "level", level: "A2", learner_id: son.id });
    expect(his.result.certificateCode).toMatch(/^[A-Z0-9-]+$/);
    const certificate = await db().quizResult.findUniqueOrThrow({
      where: { attemptId: his.attemptId },
      select: { learnerId: true, certificateName: true },
    });
    expect(certificate).toEqual({ learnerId: son.id, certificateName: "Tommaso Galli" });

    // No learner named: the account holder's own learner, as before (tRPC's learnerId is the same).
    const mine = await take(father, { kind: "placement", mode: "quick" });
    expect(
      (await db().quizResult.findUniqueOrThrow({ where: { attemptId: mine.attemptId }, select: { learnerId: true } }))
        .learnerId,
    ).toBe(self.id);
    const started = await t.caller({ student: father }).quiz.start({ kind: "ai", learnerId: son.id });
    expect(
      (await db().quizAttempt.findUniqueOrThrow({ where: { id: started.attemptId }, select: { learnerId: true } }))
        .learnerId,
    ).toBe(son.id);
  });

  it("each learner resumes their own attempt; another family's learner is a 404 and starts nothing", async () => {
    const { father, son } = await family();
    const forSon = await t.send("POST", "/api/quiz/attempts", {
      as: father,
      payload: { kind: "placement", mode: "quick", learner_id: son.id },
    });
    const forMe = await t.send("POST", "/api/quiz/attempts", {
      as: father,
      payload: { kind: "placement", mode: "quick" },
    });
    const again = await t.send("POST", "/api/quiz/attempts", {
      as: father,
      payload: { kind: "placement", mode: "quick", learner_id: son.id },
    });
    expect(forSon.json().attemptId).not.toBe(forMe.json().attemptId);
    expect(again.json().attemptId).toBe(forSon.json().attemptId);

    const other = await t.createStudent({ name: "Laura Esposito" });
    const refused = await t.send("POST", "/api/quiz/attempts", {
      as: other,
      payload: { kind: "placement", mode: "quick", learner_id: son.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain("Learner not found.");
    const quiz = t.caller({ student: other }).quiz;
    await expect(quiz.start({ kind: "level", level: "A2", learnerId: son.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(quiz.preview({ kind: "placement", mode: "quick", learnerId: son.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db().quizAttempt.count({ where: { userId: other.id } })).toBe(0);
    const bad = await t.send("POST", "/api/quiz/attempts", {
      as: other,
      payload: { kind: "placement", mode: "quick", learner_id: "not-a-uuid" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
