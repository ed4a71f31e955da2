// Checklist 33 (issue 27, item 4): an address named by someone else reserves nothing. A student
// invites a stranger's address by email, another registers it on their own /ref page; the
// stranger later signs in (through a real OIDC issuer) and buys without any code: full price, no
// reward for anyone, and neither inviter learns the stranger's name or what they bought. A friend
// who does use the code rewards the inviter and only then is shown with name and status.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { migrationsDir } from "../../server/db/migrate.ts";
import { createUserWithSession, setSettings } from "../helpers/booking-factory.ts";
import { prepareIssuerApp, type Session } from "../helpers/student-session.ts";
import { testEngine } from "../helpers/test-db.ts";

const app = prepareIssuerApp("reservation");
const { db, signIn, call } = app;

type ReferralData = {
  stats: { total_referrals: number; completed_referrals: number; total_earned: number };
  referrals: { referred_name: string | null; referred_email: string; status: string; discount_earned: number }[];
  discounts: unknown[];
};

/** The Standard Package (6 lessons, €192) on a fresh day, with or without a referral code. */
const bookPackage = (who: Session, referralCode?: string) =>
  app.bookPackage(who, referralCode) as Promise<{ id: string; discount: number; totalPrice: number }>;

/** The teacher confirms every lesson of the order: the friend has bought. */
async function confirmOrder(orderId: string) {
  for (const lesson of await db().booking.findMany({ where: { orderId }, select: { id: true } })) {
    const response = await call("PUT", `/api/admin/bookings/${lesson.id}`, app.admin, { status: "confirmed" });
    expect(response.statusCode, response.body).toBe(200);
  }
}

const referralData = (who: Session) => app.referralData(who) as Promise<ReferralData>;

const refSignup = (email: string, name: string, code: string, who: Session | null = null) =>
  call("POST", "/api/bookings", who, {
    name,
    email,
    phone: "+39 347 000 2222",
    englishLevel: "beginner",
    lessonFocus: "Travel",
    preferredType: "online",
    referralCode: code,
  });

beforeEach(async () => {
  await setSettings(db(), { bufferBetweenLessons: 0, maxAdvanceBooking: 120, autoConfirmBookings: false });
});

describe(`an address named by someone else reserves nothing, on ${testEngine}`, () => {
  it("invited by email and registered on /ref, the stranger signs in and buys without a code: no discount, no reward, nothing learned", async () => {
    const inviter = await createUserWithSession(db(), { email: "ines@inviter.test", name: "Ines Inviter" });
    const squatter = await createUserWithSession(db(), { email: "sam@squatter.test", name: "Sam Squatter" });
    const invited = await call("POST", "/api/student/referrals", inviter, { email: "Vera.Verdi@stranger.test" });
    expect(invited.statusCode, invited.body).toBe(201);
    const registered = await refSignup("vera.verdi@stranger.test", "Some Name", squatter.referralCode);
    expect(registered.statusCode, registered.body).toBe(200);
    const before = { inviter: await referralData(inviter), squatter: await referralData(squatter) };

    const vera = await signIn({
      sub: "google-sub-vera",
      email: "vera.verdi@stranger.test",
      email_verified: true,
      name: "Vera Verdi",
    });
    const order = await bookPackage(vera);
    expect(order).toMatchObject({ discount: 0, totalPrice: 192 });
    await confirmOrder(order.id);

    const account = await db().user.findUniqueOrThrow({ where: { email: "vera.verdi@stranger.test" } });
    expect(account.referredById).toBeNull();
    expect(await db().referral.count({ where: { referredUserId: account.id } })).toBe(0);
    expect(await db().discount.count({ where: { userId: { in: [inviter.id, squatter.id] } } })).toBe(0);
    // Each sees what they saw before the stranger came: what they typed, nothing of the stranger.
    for (const [who, session] of [
      ["inviter", inviter],
      ["squatter", squatter],
    ] as const) {
      const after = await referralData(session);
      expect(after, who).toEqual(before[who]);
      expect(JSON.stringify(after), who).not.toMatch(/Vera Verdi|first_lesson/);
      expect(after.stats.total_earned, who).toBe(0);
    }
    expect(before.inviter.referrals).toMatchObject([
      { referred_email: "vera.verdi@stranger.test", referred_name: null, status: "pending" },
    ]);
    expect(before.squatter.referrals).toMatchObject([
      { referred_email: "vera.verdi@stranger.test", referred_name: "Some Name", status: "registered" },
    ]);
  });

  it("a friend who uses the code rewards the inviter, and is then shown with name and status", async () => {
    const inviter = await createUserWithSession(db(), { email: "ivo@inviter.test", name: "Ivo Inviter" });
    expect(
      (await call("POST", "/api/student/referrals", inviter, { email: "lucia.luna@friend.test" })).statusCode,
    ).toBe(201);
    const lucia = await signIn({
      sub: "google-sub-lucia",
      email: "lucia.luna@friend.test",
      email_verified: true,
      name: "Lucia Luna",
    });
    // Signed in, not yet used the code: still only the invitation.
    expect((await referralData(inviter)).referrals).toMatchObject([{ referred_name: null, status: "pending" }]);

    const order = await bookPackage(lucia, inviter.referralCode);
    expect(order).toMatchObject({ discount: 19.2, totalPrice: 172.8 });
    let data = await referralData(inviter);
    expect(data.referrals).toMatchObject([
      { referred_email: "lucia.luna@friend.test", referred_name: "Lucia Luna", status: "first_lesson_booked" },
    ]);
    await confirmOrder(order.id);
    data = await referralData(inviter);
    expect(data.stats.total_earned).toBe(3.5);
    expect(data.discounts).toHaveLength(1);
  });

  it("the bindings sign-in made before are undone where the friend never ordered through a code (migration)", async () => {
    const inviter = await createUserWithSession(db(), { email: "olga@inviter.test" });
    const claimed = await createUserWithSession(db(), { email: "claimed@stranger.test", name: "Claimed Stranger" });
    const buyer = await createUserWithSession(db(), { email: "buyer@friend.test", name: "Bea Buyer" });
    // What the old claim at sign-in left: the account bound to the invitation, the inviter its referrer.
    await db().referral.create({
      data: { referrerId: inviter.id, referredEmail: claimed.email, referredUserId: claimed.id, status: "pending" },
    });
    await db().user.update({ where: { id: claimed.id }, data: { referredById: inviter.id } });
    // A friend who did order through the code keeps everything.
    const buyerSession = { cookie: buyer.cookie };
    await bookPackage(buyerSession, inviter.referralCode);

    const sql = readFileSync(
      path.join(migrationsDir, "20261128151700_referrals_by_own_act", "migration.sql"),
      "utf8",
    ).replace(/^--.*$/gm, "");
    for (const statement of sql.split(";").filter((s) => s.trim())) await db().$executeRawUnsafe(statement);

    expect((await db().user.findUniqueOrThrow({ where: { id: claimed.id } })).referredById).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: buyer.id } })).referredById).toBe(inviter.id);
    expect((await referralData(inviter)).referrals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ referred_email: claimed.email, referred_name: null, status: "pending" }),
        expect.objectContaining({
          referred_email: buyer.email,
          referred_name: "Bea Buyer",
          status: "first_lesson_booked",
        }),
      ]),
    );
  });
});
