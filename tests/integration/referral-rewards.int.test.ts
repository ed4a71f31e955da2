// Referral rewards that cannot leak or be farmed (issue 17): the referrer's reward follows the
// friend's first order (granted on the teacher's confirmation, withdrawn when the order is
// cancelled before any lesson), a deleted account's person gets no second newcomer discount and
// earns their referrer nothing twice (signed in again through the real OIDC issuer), one's own
// code gives nothing, and achievements count friends whose first lesson was completed.
import { beforeEach, describe, expect, it } from "vitest";
import { completeEndedLessons } from "../../server/features/portal/portal.data.ts";
import { createUserWithSession, romeDay, setSettings, type TestUser } from "../helpers/booking-factory.ts";
import type { IdentityClaims } from "../helpers/oidc-issuer.ts";
import { prepareIssuerApp, type Session } from "../helpers/student-session.ts";

const app = prepareIssuerApp("referral");
const { db, signIn, call } = app;

type Order = { id: string; basePrice: number; discount: number; totalPrice: number };

/** The Standard Package (6 lessons, €192) on a fresh day two weeks or more ahead. */
const bookPackage = (who: Session, referralCode?: string): Promise<Order> => app.bookPackage(who, referralCode);

async function setLessonStatus(bookingId: string, status: "confirmed" | "cancelled" | "pending") {
  const response = await call("PUT", `/api/admin/bookings/${bookingId}`, app.admin, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function setOrderStatus(orderId: string, status: "confirmed" | "cancelled") {
  const lessons = await db().booking.findMany({ where: { orderId }, orderBy: { startsAt: "asc" } });
  for (const lesson of lessons) await setLessonStatus(lesson.id, status);
}

type ReferralData = {
  stats: { total_referrals: number; completed_referrals: number; total_earned: number };
  referrals: { referred_email: string; status: string; discount_earned: number }[];
  discounts: { amount: number; percentage: number }[];
};
const referralData = (who: Session) => app.referralData(who) as Promise<ReferralData>;

async function quote(who: Session, referralCode?: string) {
  const response = await app.t.app.inject({
    method: "GET",
    url: `/api/trpc/booking.quote?input=${encodeURIComponent(JSON.stringify({ json: { packageId: "standard-6", referralCode } }))}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.json as {
    discount: number;
    discountLabel: string | null;
    referralNotice: string | null;
  };
}

async function newReferrer(email: string): Promise<TestUser> {
  return createUserWithSession(db(), { email, name: "Rita Referrer" });
}

const friendClaims = (n: string, overrides: IdentityClaims = {}): IdentityClaims => ({
  sub: `google-sub-${n}`,
  email: `${n}@friend.test`,
  email_verified: true,
  name: `Friend ${n}`,
  ...overrides,
});

beforeEach(async () => {
  await setSettings(db(), { bufferBetweenLessons: 0, maxAdvanceBooking: 120, autoConfirmBookings: false });
});

describe("the referrer's reward follows the friend's first order", () => {
  it("is granted only when the teacher confirms it, once, worth 10% of one lesson; Total Earned counts it", async () => {
    const referrer = await newReferrer("rita1@referrer.test");
    const friend = await signIn(friendClaims("grant"));
    const order = await bookPackage(friend, referrer.referralCode);
    expect(order).toMatchObject({ discount: 19.2, totalPrice: 172.8 });

    // Pending: booked, not bought. The referrer sees a booked friend and nothing earned.
    let data = await referralData(referrer);
    expect(data.stats).toMatchObject({ total_referrals: 1, completed_referrals: 0, total_earned: 0 });
    expect(data.referrals).toMatchObject([{ referred_email: "grant@friend.test", status: "first_lesson_booked" }]);
    expect(data.discounts).toEqual([]);
    expect(await quote(referrer)).toMatchObject({ discount: 0 });

    const lessons = await db().booking.findMany({ where: { orderId: order.id }, orderBy: { startsAt: "asc" } });
    await setLessonStatus(lessons[0].id, "confirmed");
    data = await referralData(referrer);
    expect(data.stats.total_earned).toBe(3.5);
    expect(data.discounts).toMatchObject([{ amount: 3.5, percentage: 10 }]);
    expect(data.referrals[0]).toMatchObject({ discount_earned: 3.5 });

    // Confirming the other lessons grants nothing more.
    for (const lesson of lessons.slice(1)) await setLessonStatus(lesson.id, "confirmed");
    expect(await db().discount.count({ where: { userId: referrer.id } })).toBe(1);

    // Spent on the referrer's next booking: 10% of one of its lessons (€32), not of the package.
    expect(await quote(referrer)).toMatchObject({
      discount: 3.2,
      discountLabel: "Referral reward: 10% off one lesson",
    });
    const next = await bookPackage(referrer);
    expect(next).toMatchObject({ basePrice: 192, discount: 3.2, totalPrice: 188.8 });
    data = await referralData(referrer);
    expect(data.discounts).toEqual([]);
    expect(data.stats.total_earned).toBe(3.2);
  });

  it("is granted with the booking when lessons are confirmed automatically", async () => {
    await setSettings(db(), { autoConfirmBookings: true });
    const referrer = await newReferrer("rita2@referrer.test");
    const friend = await signIn(friendClaims("auto"));
    await bookPackage(friend, referrer.referralCode);
    expect((await referralData(referrer)).stats.total_earned).toBe(3.5);
  });

  it("is withdrawn when the order is cancelled before its first lesson, and stands again if the teacher reopens it", async () => {
    const referrer = await newReferrer("rita3@referrer.test");
    const friend = await signIn(friendClaims("cancel"));
    const order = await bookPackage(friend, referrer.referralCode);
    await setOrderStatus(order.id, "confirmed");
    expect((await referralData(referrer)).discounts).toHaveLength(1);

    // Cancelling some lessons keeps it; cancelling the last one withdraws it.
    const lessons = await db().booking.findMany({ where: { orderId: order.id }, orderBy: { startsAt: "asc" } });
    for (const lesson of lessons.slice(0, 5)) await setLessonStatus(lesson.id, "cancelled");
    expect((await referralData(referrer)).discounts).toHaveLength(1);
    await setLessonStatus(lessons[5].id, "cancelled");
    let data = await referralData(referrer);
    expect(data.discounts).toEqual([]);
    expect(data.stats.total_earned).toBe(0);
    expect(data.referrals[0]).toMatchObject({ status: "registered", discount_earned: 0 });
    expect(await quote(referrer)).toMatchObject({ discount: 0 });

    await setLessonStatus(lessons[0].id, "confirmed");
    data = await referralData(referrer);
    expect(data.discounts).toHaveLength(1);
    expect(data.stats.total_earned).toBe(3.5);
    expect(await db().discount.count({ where: { userId: referrer.id } })).toBe(1);
  });

  it("already spent when the order is cancelled: stays with the order it reduced, and is not granted twice", async () => {
    const referrer = await newReferrer("rita4@referrer.test");
    const friend = await signIn(friendClaims("spent"));
    const order = await bookPackage(friend, referrer.referralCode);
    await setOrderStatus(order.id, "confirmed");
    const spentOn = await bookPackage(referrer);
    expect(spentOn.discount).toBe(3.2);
    await setOrderStatus(order.id, "cancelled");
    let data = await referralData(referrer);
    expect(data.stats.total_earned).toBe(3.2);
    expect(data.referrals[0].status).toBe("registered");
    await setOrderStatus(order.id, "confirmed");
    data = await referralData(referrer);
    expect(data.discounts).toEqual([]);
    expect(await db().discount.count({ where: { userId: referrer.id } })).toBe(1);
  });
});

describe("once per person", () => {
  it("a friend who deletes the account and signs in again gets no newcomer discount and earns the referrer nothing twice", async () => {
    const referrer = await newReferrer("rita5@referrer.test");
    const claims = friendClaims("farmer");
    const first = await signIn(claims);
    const order = await bookPackage(first, referrer.referralCode);
    expect(order.discount).toBe(19.2);
    await setOrderStatus(order.id, "confirmed");
    expect((await referralData(referrer)).stats.total_earned).toBe(3.5);

    const deleted = await call("POST", "/api/student/delete-account", first, { confirmation: "DELETE" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The deletion cancelled the friend's upcoming lessons: the unused reward is withdrawn.
    expect((await referralData(referrer)).stats.total_earned).toBe(0);
    // What stays is keyed hashes, nothing readable.
    const marks = await db().erasedCustomer.findMany();
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(marks)).not.toContain("farmer");

    // The same Google account signs in again: a new, empty account, but not a newcomer.
    const again = await signIn(claims);
    const account = await db().user.findUniqueOrThrow({ where: { email: "farmer@friend.test" } });
    expect(account.isReturningCustomer).toBe(true);
    expect(await quote(again, referrer.referralCode)).toMatchObject({ discount: 0, discountLabel: null });
    const second = await bookPackage(again, referrer.referralCode);
    expect(second).toMatchObject({ discount: 0, totalPrice: 192 });
    await setOrderStatus(second.id, "confirmed");
    const data = await referralData(referrer);
    expect(data.stats.total_earned).toBe(0);
    expect(data.discounts).toEqual([]);
    expect(await db().discount.count({ where: { userId: referrer.id } })).toBe(1);
    expect(data.referrals.filter((r) => r.status === "first_lesson_booked")).toEqual([]);
  });

  it("recognises the person by the verified email under a new sign-in id too; a stranger is still a newcomer", async () => {
    const referrer = await newReferrer("rita6@referrer.test");
    const first = await signIn(friendClaims("twice"));
    await bookPackage(first, referrer.referralCode);
    expect((await call("POST", "/api/student/delete-account", first, { confirmation: "DELETE" })).statusCode).toBe(200);
    const newSub = await signIn(friendClaims("twice", { sub: "google-sub-another" }));
    expect(await quote(newSub, referrer.referralCode)).toMatchObject({ discount: 0 });
    const stranger = await signIn(friendClaims("stranger"));
    expect(await quote(stranger, referrer.referralCode)).toMatchObject({ discount: 19.2 });
  });

  it("an account deleted before it ever ordered leaves nothing behind", async () => {
    const before = await db().erasedCustomer.count();
    const browsing = await signIn(friendClaims("browser"));
    expect((await call("POST", "/api/student/delete-account", browsing, { confirmation: "DELETE" })).statusCode).toBe(
      200,
    );
    expect(await db().erasedCustomer.count()).toBe(before);
  });
});

describe("own code", () => {
  it("is refused: no discount, a notice on the quote, no referral, no reward", async () => {
    const me = await signIn(friendClaims("self"));
    const account = await db().user.findUniqueOrThrow({ where: { email: "self@friend.test" } });
    const code = account.referralCode as string;
    expect(await quote(me, code)).toMatchObject({
      discount: 0,
      referralNotice: "You cannot use your own referral code: share it with a friend instead.",
    });
    const order = await bookPackage(me, code);
    expect(order).toMatchObject({ discount: 0, totalPrice: 192 });
    await setOrderStatus(order.id, "confirmed");
    expect(await db().referral.count({ where: { referrerId: account.id } })).toBe(0);
    expect(await db().discount.count({ where: { userId: account.id } })).toBe(0);
  });
});

describe("counting referrals", () => {
  it("Total Referrals counts sign-ups; Completed and the achievements count friends whose first lesson was completed", async () => {
    const referrer = await newReferrer("rita7@referrer.test");
    // An existing student with a completed lesson of their own, signed up under the code by
    // someone else: the old rule counted it as a completed referral.
    const veteran = await signIn(friendClaims("veteran"));
    const veteranOrder = await bookPackage(veteran);
    await setOrderStatus(veteranOrder.id, "confirmed");
    const signup = (email: string) =>
      app.t.app.inject({
        method: "POST",
        url: "/api/bookings",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({
          name: "Someone",
          email,
          phone: "+39 347 000 2222",
          englishLevel: "beginner",
          lessonFocus: "Travel",
          preferredType: "online",
          referralCode: referrer.referralCode,
        }),
      });
    for (const email of ["veteran@friend.test", "nobody1@friend.test", "nobody2@friend.test"]) {
      expect((await signup(email)).statusCode).toBe(200);
    }
    await signIn(friendClaims("veteran")); // binds nothing: the /ref signups stay as typed (issue 27)
    // A friend who really came through the code and takes the first lesson.
    const friend = await signIn(friendClaims("learner"));
    const order = await bookPackage(friend, referrer.referralCode);
    await setOrderStatus(order.id, "confirmed");
    // An invitation alone (Get Message stores nothing; POST /api/student/referrals does) is not a sign-up.
    expect((await call("POST", "/api/student/referrals", referrer, { email: "invited@friend.test" })).statusCode).toBe(
      201,
    );

    const progress = async () => {
      const response = await call("GET", "/api/student/progress", referrer);
      const body = response.json() as {
        completed: { category: string; level: number; current: number }[];
        next: { category: string; level: number; current: number }[];
      };
      return [...body.completed, ...body.next].filter((a) => a.category === "referrals");
    };
    let data = await referralData(referrer);
    expect(data.stats).toMatchObject({ total_referrals: 4, completed_referrals: 0 });
    expect((await call("GET", "/api/student/stats", referrer)).json().referralCount).toBe(4);
    expect(await progress()).toEqual([expect.objectContaining({ level: 1, current: 0 })]);

    // Every lesson so far ends; the job completes the confirmed ones.
    await completeEndedLessons(db(), romeDay(app.lastBookedDay() + 2).toJSDate());
    data = await referralData(referrer);
    expect(data.stats).toMatchObject({ total_referrals: 4, completed_referrals: 1 });
    expect(data.referrals.find((r) => r.referred_email === "learner@friend.test")?.status).toBe(
      "first_lesson_completed",
    );
    expect(data.referrals.find((r) => r.referred_email === "veteran@friend.test")?.status).toBe("registered");
    const referrals = await progress();
    expect(referrals).toEqual(expect.arrayContaining([expect.objectContaining({ level: 1, current: 1 })]));
    expect(referrals.every((a) => a.current === 1)).toBe(true);
  });
});
