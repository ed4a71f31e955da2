// A certificate speaks its holder's language (issue 29): the printable one the account's
// (User.locale, English when it names none of the site's), the public verification the page's,
// and the REST API English as before.
import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithSession, type TestUser } from "../helpers/booking-factory.ts";
import { prepareTestApp } from "../helpers/test-app.ts";
import { injectRest, injectTrpc } from "../helpers/transports.ts";

const t = prepareTestApp();
let chiara: TestUser;
let tom: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  chiara = await createUserWithSession(t.database.prisma, { name: "Chiara Neri" });
  tom = await createUserWithSession(t.database.prisma, { name: "Tom Baker" });
  await t.database.prisma.user.update({ where: { id: chiara.id }, data: { locale: "it" } });
  const level = { quizType: "level", quizLevel: "B1", score: 36, totalQuestions: 45, isVerified: true };
  const general = {
    quizType: "general",
    estimatedLevel: "Upper-Intermediate",
    score: 25,
    totalQuestions: 40,
    isVerified: true,
    metadata: { title: "In-Depth Assessment", assessmentType: "comprehensive" },
  };
  for (const [key, userId, data, code] of [
    ["chiaraLevel", chiara.id, level, "EWG-LANG-ITAL-0001"],
    ["chiaraGeneral", chiara.id, general, "EWG-LANG-ITAL-0002"],
    ["tomLevel", tom.id, { ...level, metadata: { title: "B1 Intermediate Test" } }, "EWG-LANG-ENGL-0001"],
  ] as const) {
    const created = await t.database.prisma.quizResult.create({
      data: { userId, ...data, certificateCode: code },
      select: { id: true },
    });
    ids[key] = created.id;
  }
});

const own = (user: TestUser, resultId: string) =>
  injectTrpc(t.app, { path: "quiz.certificate", input: { resultId }, cookie: user.cookie });

describe("the printable certificate", () => {
  it("is in Italian for an account whose language is Italian", async () => {
    expect((await own(chiara, ids.chiaraLevel)).data).toMatchObject({
      name: "Chiara Neri",
      locale: "it",
      test: "Test B1 Intermedio",
      level: "B1 Intermedio",
      verifyUrl: expect.stringMatching(/\/it\/certificates\/EWG-LANG-ITAL-0001$/),
    });
    expect((await own(chiara, ids.chiaraGeneral)).data).toMatchObject({
      locale: "it",
      test: "Valutazione approfondita",
      level: "Intermedio superiore (B2)",
    });
  });

  it("keeps the English title stored at issue for an English account", async () => {
    const english = (await own(tom, ids.tomLevel)).data as { verifyUrl: string };
    expect(english).toMatchObject({ locale: "en", test: "B1 Intermediate Test", level: "B1 Intermediate" });
    expect(english.verifyUrl).toMatch(/\/certificates\/EWG-LANG-ENGL-0001$/);
    expect(english.verifyUrl).not.toContain("/it/");
  });
});

describe("the public verification", () => {
  it("answers in the language the page asks for, English by default and on the REST API", async () => {
    const italian = await injectTrpc(t.app, {
      path: "quiz.verifyCertificate",
      input: { code: "EWG-LANG-ITAL-0002", locale: "it" },
    });
    expect(italian.data).toMatchObject({
      certificate: { holder: "Chiara N.", test: "Valutazione approfondita", level: "Intermedio superiore (B2)" },
    });
    const english = await injectTrpc(t.app, { path: "quiz.verifyCertificate", input: { code: "EWG-LANG-ITAL-0002" } });
    expect(english.data).toMatchObject({
      certificate: { test: "In-Depth Assessment", level: "Upper-Intermediate (B2)" },
    });
    const byRest = await injectRest(t.app, { method: "GET", url: "/api/certificates/EWG-LANG-ITAL-0002" });
    expect(byRest.json()).toEqual(english.data);
  });

  it("refuses a language the site does not speak", async () => {
    const refused = await injectTrpc(t.app, {
      path: "quiz.verifyCertificate",
      input: { code: "EWG-LANG-ITAL-0002", locale: "fr" },
    });
    expect(refused.statusCode).toBe(400);
  });
});
