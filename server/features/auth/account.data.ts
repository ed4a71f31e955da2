import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";

const accountSelect = { id: true, email: true, name: true, isAdmin: true, googleSub: true, imageUrl: true } as const;

export function findUserBySub(db: Db, sub: string) {
  return db.user.findUnique({ where: { googleSub: sub }, select: accountSelect });
}

export function findUserByEmail(db: Db, email: string) {
  return db.user.findUnique({ where: { email }, select: accountSelect });
}

/** The account with this email, created with `profile` when there is none; an existing one is left as it is. */
export function ensureUserByEmail(db: DbOrTx, email: string, profile: Omit<Prisma.UserCreateInput, "email">) {
  return db.user.upsert({
    where: { email },
    update: {},
    create: { email, ...profile },
    select: { id: true, email: true, name: true },
  });
}

/** Did a deleted account leave one of these keyed hashes (its sub or its email)? */
export async function isErasedCustomer(db: Db, keyHashes: string[]) {
  if (keyHashes.length === 0) return false;
  return (await db.erasedCustomer.count({ where: { keyHash: { in: keyHashes } } })) > 0;
}

export function createUser(
  db: Db,
  data: {
    googleSub: string;
    email: string;
    name: string;
    imageUrl?: string;
    isAdmin: boolean;
    referralCode: string;
    isReturningCustomer: boolean;
    locale: string;
  },
) {
  return db.user.create({ data: { ...data, emailVerified: true }, select: accountSelect });
}

export function bindUserToSub(db: Db, id: string, googleSub: string) {
  return db.user.update({ where: { id }, data: { googleSub, emailVerified: true }, select: accountSelect });
}

export function setUserAdmin(db: Db, id: string, isAdmin: boolean) {
  return db.user.update({ where: { id }, data: { isAdmin }, select: accountSelect });
}

/** An account as a session names it, by id. */
export function findAccountById(db: DbOrTx, id: string) {
  return db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, isAdmin: true, imageUrl: true },
  });
}
