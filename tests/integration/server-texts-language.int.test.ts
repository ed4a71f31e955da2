// Issue 29: what the server words itself, beyond its fixed refusals, reads in the language of the page
// that asked (Accept-Language) and the teacher's mail in hers: the cancellation policy's reasons,
// the portal's confirmations, a quote's discount, the availability's conflicts, the quiz's
// not-enough message. Without a header each keeps the English it always had.
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ADMIN, sessionForExistingUser, type TestUser } from "../helpers/booking-factory.ts";
import { createPortalTestApp, DAY, HOUR, nextSlot, type PortalStudent } from "../helpers/portal-factory.ts";
import type { TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let A: PortalStudent;
let B: PortalStudent;
let teacherId: string;
let admin: TestUser;

const ITALIAN = { "accept-language": "it-IT,it;q=0.9,en;q=0.8" };

beforeAll(async () => {
  ({ t, teacherId, A, B } = await createPortalTestApp());
  admin = await sessionForExistingUser(t.database.prisma, SEEDED_ADMIN, "admin");
});
afterAll(async () => {
  await t?.close();
});

/** A REST call as `as`, in the language `headers` name (none: the specification's English). */
function call(
  as: { cookie: string } | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  opts: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(as ? { cookie: as.cookie } : {}),
      ...(opts.payload !== undefined ? { "content-type": "application/json" } : {}),
      ...opts.headers,
    },
    payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
  });
}

/** An hour of availability of the teacher's, `days` ahead at `hour`:00 in Milano. */
async function openHour(days: number, hour: number) {
  const start = DateTime.now().setZone("Europe/Rome").startOf("day").plus({ days }).set({ hour }).toJSDate();
  await t.database.prisma.availabilitySlot.create({
    data: { teacherId, startsAt: start, endsAt: new Date(start.getTime() + HOUR) },
  });
  return start;
}

describe("the cancellation policy's answers", () => {
  it("give a refusal's reason in the page's language, English without a header", async () => {
    const check = (path: string, headers?: Record<string, string>) =>
      call(A, "GET", `/api/student/${path}/${A.single.id}`, { headers }).then((r) => r.json().reason);
    expect(await check("can-cancel")).toBe("Single lessons cannot be cancelled, refunded or moved.");
    expect(await check("can-cancel", ITALIAN)).toBe(
      "Le lezioni singole non si possono disdire, rimborsare né spostare.",
    );
    expect(await check("can-move", ITALIAN)).toBe("Le lezioni singole non si possono disdire, rimborsare né spostare.");
    const refused = await call(A, "POST", "/api/student/request-cancellation", {
      payload: { booking_id: A.single.id, reason: "Viaggio" },
      headers: ITALIAN,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Le lezioni singole non si possono disdire, rimborsare né spostare.");
    const move = (headers?: Record<string, string>) =>
      call(A, "POST", `/api/student/bookings/${A.single.id}/move`, {
        payload: { lesson_date: new Date(A.single.startsAt.getTime() + DAY).toISOString() },
        headers,
      });
    const italianMove = await move(ITALIAN);
    expect(italianMove.statusCode).toBe(409);
    expect(italianMove.json().error).toBe("Le lezioni singole non si possono disdire, rimborsare né spostare.");
    expect((await move()).json().error).toBe("Single lessons cannot be cancelled, refunded or moved.");
  });

  it("confirm a cancellation in the page's language; a refusal reaches the teacher in hers, the record in English", async () => {
    const db = t.database.prisma;
    await db.adminSettings.update({ where: { id: "site" }, data: { teacherLocale: "it" } });
    try {
      const approved = await call(A, "POST", "/api/student/request-cancellation", {
        payload: { booking_id: A.upcoming.id, reason: "Viaggio" },
        headers: ITALIAN,
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().message).toBe(
        "La tua lezione è stata disdetta. Puoi riprenotarla senza costi aggiuntivi.",
      );

      const refused = await call(A, "POST", "/api/student/request-cancellation", {
        payload: { booking_id: A.upcoming2.id, reason: "Lavoro" },
        headers: ITALIAN,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe("Hai già usato la disdetta gratuita di questo pacchetto.");
      const record = await db.cancellationRequest.findFirstOrThrow({ where: { bookingId: A.upcoming2.id } });
      expect(record.decision).toBe("You have used the free cancellation of this package.");
      const mail = await db.outboxEmail.findFirstOrThrow({
        where: { kind: "teacher_cancellation", textBody: { contains: "Lavoro" } },
      });
      expect(mail.textBody).toContain("Hai già usato la disdetta gratuita di questo pacchetto.");
      expect(mail.textBody).not.toContain("You have used");

      const english = await call(B, "POST", "/api/student/request-cancellation", {
        payload: { booking_id: B.upcoming.id, reason: "Travel" },
      });
      expect(english.json().message).toBe("Your lesson has been cancelled. You can rebook it at no extra charge.");
      const check = await call(B, "GET", `/api/student/can-cancel/${B.upcoming2.id}`);
      expect(check.json().reason).toBe("You have used the free cancellation of this package.");
      const move = await call(B, "GET", `/api/student/can-move/${B.upcoming2.id}`, { headers: ITALIAN });
      expect(move.json().reason).toBe("Hai già usato la disdetta o lo spostamento gratuito di questo pacchetto.");
    } finally {
      await db.adminSettings.update({ where: { id: "site" }, data: { teacherLocale: "en" } });
    }
  });

  it("confirm a rebooking in the page's language, and in English without a header", async () => {
    const db = t.database.prisma;
    const creditOf = (s: PortalStudent) =>
      db.lessonCredit.findFirstOrThrow({ where: { studentId: s.user.id, usedBookingId: null } });
    const italian = await call(A, "POST", "/api/student/rebook", {
      payload: { credit_id: (await creditOf(A)).id, lesson_date: (await openHour(10, 9)).toISOString() },
      headers: ITALIAN,
    });
    expect(italian.statusCode, italian.body).toBe(200);
    expect(italian.json().message).toBe("La tua lezione è stata riprenotata senza costi aggiuntivi.");
    const english = await call(B, "POST", "/api/student/rebook", {
      payload: { credit_id: (await creditOf(B)).id, lesson_date: (await openHour(10, 11)).toISOString() },
    });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json().message).toBe("Your lesson has been rebooked at no extra charge.");
  });

  it("confirm a move in the page's language, and in English without a header", async () => {
    const db = t.database.prisma;
    const base = { studentName: "C", studentEmail: "c@students.test", lessonType: "online", teacherId };
    const movable = async (student: PortalStudent) => {
      const order = await db.bookingOrder.create({
        data: {
          studentId: student.user.id,
          packageId: "standard-6",
          lessons: 6,
          basePriceCents: 19200,
          totalPriceCents: 19200,
        },
      });
      return db.booking.create({
        data: { ...base, studentId: student.user.id, orderId: order.id, ...nextSlot(8 * DAY), status: "confirmed" },
      });
    };
    const italian = await call(A, "POST", `/api/student/bookings/${(await movable(A)).id}/move`, {
      payload: { lesson_date: (await openHour(12, 9)).toISOString() },
      headers: ITALIAN,
    });
    expect(italian.statusCode, italian.body).toBe(200);
    expect(italian.json().message).toBe("La tua lezione è stata spostata.");
    const english = await call(B, "POST", `/api/student/bookings/${(await movable(B)).id}/move`, {
      payload: { lesson_date: (await openHour(12, 11)).toISOString() },
    });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json().message).toBe("Your lesson has been moved.");
  });
});

describe("a quote", () => {
  const quote = async (as: PortalStudent | null, referralCode: string, headers?: Record<string, string>) => {
    const input = encodeURIComponent(JSON.stringify({ json: { packageId: "standard-6", referralCode } }));
    const response = await call(as, "GET", `/api/trpc/booking.quote?input=${input}`, { headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data.json as { discountLabel: string | null; referralNotice: string | null };
  };

  it("names a newcomer's discount in the page's language, English without a header", async () => {
    expect((await quote(null, B.user.referralCode ?? "", ITALIAN)).discountLabel).toBe(
      "Sconto con codice invito: 10% sul tuo primo pacchetto",
    );
    expect((await quote(null, B.user.referralCode ?? "")).discountLabel).toBe(
      "Referral discount: 10% off your first package",
    );
  });

  it("names a referrer's reward and says why one's own code gives nothing", async () => {
    // A's reward, worth a lesson of her package (as a friend's first order makes it).
    await t.database.prisma.discount.update({ where: { id: A.discount.id }, data: { amountCents: 3200 } });
    const italian = await quote(A, A.user.referralCode ?? "", ITALIAN);
    expect(italian).toMatchObject({
      discountLabel: "Sconto per aver invitato un amico: 10% su una lezione",
      referralNotice: "Non puoi usare il tuo codice invito: condividilo con un amico.",
    });
    expect(await quote(A, A.user.referralCode ?? "")).toMatchObject({
      discountLabel: "Referral reward: 10% off one lesson",
      referralNotice: "You cannot use your own referral code: share it with a friend instead.",
    });
  });
});

describe("a price check", () => {
  it("says what the package has and costs in the request's language, English without a header", async () => {
    const validate = async (payload: object, headers?: Record<string, string>) =>
      (
        await call(null, "POST", "/api/pricing/validate", { payload: { packageId: "standard-6", ...payload }, headers })
      ).json().message;
    expect(await validate({ totalPrice: 192, lessons: 5 })).toBe("This package has 6 lesson(s), not 5.");
    expect(await validate({ totalPrice: 192, lessons: 5 }, ITALIAN)).toBe("Questo pacchetto ha 6 lezioni, non 5.");
    expect(await validate({ totalPrice: 1, lessons: 6 })).toBe("The price of this package is €192.00.");
    expect(await validate({ totalPrice: 1, lessons: 6 }, ITALIAN)).toBe("Il prezzo di questo pacchetto è 192\u00a0€.");
  });
});

describe("the teacher's availability refusals", () => {
  it("name the clashing slot and the booked lesson with their dates in the page's language", async () => {
    const day = DateTime.now().setZone("Europe/Rome").startOf("day").plus({ days: 20 });
    const slot = (hour: number) => ({
      startTime: day.set({ hour }).toISO(),
      duration: 120,
      recurring: "none",
    });
    expect((await call(admin, "POST", "/api/availability", { payload: slot(14) })).statusCode).toBe(200);
    const english = await call(admin, "POST", "/api/availability", { payload: slot(15) });
    expect(english.statusCode).toBe(409);
    const englishDate = day.set({ hour: 14 }).setLocale("en-US").toFormat("ccc d LLL yyyy, HH:mm");
    expect(english.json().error).toBe(
      `This time slot conflicts with an existing availability. Please choose a different time. (existing slot on ${englishDate})`,
    );
    const italian = await call(admin, "POST", "/api/availability", { payload: slot(15), headers: ITALIAN });
    const italianDate = day.set({ hour: 14 }).setLocale("it-IT").toFormat("cccc d LLLL yyyy, HH:mm");
    expect(italian.json().error).toBe(
      `Questo orario si sovrappone a una disponibilità già presente. Scegli un orario diverso. (orario già presente: ${italianDate})`,
    );

    const db = t.database.prisma;
    const held = await db.availabilitySlot.findFirstOrThrow({
      where: { teacherId, startsAt: day.set({ hour: 14 }).toJSDate() },
    });
    const lesson = day.set({ hour: 15 }).toJSDate();
    for (const startsAt of [day.set({ hour: 14 }).toJSDate(), lesson]) {
      await db.booking.create({
        data: {
          teacherId,
          studentId: A.user.id,
          studentName: "Carla Rossi",
          studentEmail: "carla@students.test",
          lessonType: "online",
          status: "confirmed",
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
        },
      });
    }
    const first = day.set({ hour: 14 });
    const removeEnglish = await call(admin, "DELETE", `/api/availability/${held.id}`);
    expect(removeEnglish.statusCode).toBe(409);
    expect(removeEnglish.json().error).toBe(
      `This availability holds a booked lesson. Cancel or move the lesson first, then remove the slot. (Carla Rossi, ${first.setLocale("en-US").toFormat("ccc d LLL yyyy, HH:mm")} and 1 more)`,
    );
    const removeItalian = await call(admin, "DELETE", `/api/availability/${held.id}`, { headers: ITALIAN });
    expect(removeItalian.json().error).toBe(
      `In questa disponibilità c'è una lezione prenotata. Prima disdici o sposta la lezione, poi togli l'orario. (Carla Rossi, ${first.setLocale("it-IT").toFormat("cccc d LLLL yyyy, HH:mm")} e un'altra)`,
    );
  });
});

describe("the quiz's not-enough refusals", () => {
  it("name the level and the concept in the page's language", async () => {
    const start = (payload: unknown, headers?: Record<string, string>) =>
      call(A, "POST", "/api/quiz/attempts", { payload, headers }).then((r) => r.json().error);
    const level = { kind: "level", level: "a1", concept: "conditionals" };
    const concept = { kind: "concept", concept: "conditionals", level: "a1" };
    expect(await start(level)).toBe(
      "Not enough questions available for Conditionals at A1 level. Try another concept or 'Mixed'.",
    );
    expect(await start(level, ITALIAN)).toBe(
      "Non ci sono abbastanza domande di Periodo ipotetico al livello A1. Prova un altro argomento o «Argomenti misti».",
    );
    expect(await start(concept)).toBe(
      "Not enough questions available for A1 level of Conditionals. Try another level or 'Mixed'.",
    );
    expect(await start(concept, ITALIAN)).toBe(
      "Non ci sono abbastanza domande di Periodo ipotetico per il livello A1. Prova un altro livello o «Livelli misti».",
    );
  });
});
