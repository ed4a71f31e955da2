import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";

export const learnerSelect = {
  id: true,
  name: true,
  ageGroup: true,
  level: true,
  goals: true,
  isSelf: true,
  createdAt: true,
} as const satisfies Prisma.LearnerSelect;
export type LearnerRow = Prisma.LearnerGetPayload<{ select: typeof learnerSelect }>;

export type LearnerFields = {
  name: string;
  nameKey: string;
  ageGroup: string;
  level: string | null;
  goals: string | null;
};

/** The family's learners: the account holder first, then in the order they were added. */
export function listAccountLearners(db: DbOrTx, accountId: string) {
  return db.learner.findMany({
    where: { accountId },
    orderBy: [{ isSelf: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    select: learnerSelect,
  });
}

/** One of this account's learners; another family's id finds nothing. */
export function findAccountLearner(db: DbOrTx, accountId: string, id: string) {
  return db.learner.findFirst({ where: { id, accountId }, select: learnerSelect });
}

export function findLearnerByKey(db: DbOrTx, accountId: string, nameKey: string) {
  return db.learner.findUnique({ where: { accountId_nameKey: { accountId, nameKey } }, select: learnerSelect });
}

export async function hasSelfLearner(db: DbOrTx, accountId: string) {
  return (await db.learner.count({ where: { accountId, isSelf: true } })) > 0;
}

export function insertLearner(db: DbOrTx, accountId: string, fields: LearnerFields & { isSelf: boolean }) {
  return db.learner.create({ data: { accountId, ...fields }, select: learnerSelect });
}

export function updateLearnerRow(db: DbOrTx, id: string, fields: Partial<LearnerFields>) {
  return db.learner.update({ where: { id }, data: fields, select: learnerSelect });
}

/** Learners of these accounts, for the teacher's lists. */
export function listLearnersOfAccounts(db: Db, accountIds: string[]) {
  return db.learner.findMany({
    where: { accountId: { in: accountIds } },
    orderBy: [{ isSelf: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { ...learnerSelect, accountId: true },
  });
}

/** The guardian's phone, given on a booking's details, kept on an account that had none. */
export function setAccountPhoneIfMissing(db: DbOrTx, accountId: string, phone: string) {
  return db.user.updateMany({ where: { id: accountId, OR: [{ phone: null }, { phone: "" }] }, data: { phone } });
}

/** A learner as the records about them name them: notes, files and results. */
export const learnerRefSelect = { id: true, name: true, isSelf: true } as const satisfies Prisma.LearnerSelect;

/**
 * The learner a record of the account is about when none is named: the account holder's own
 * learner, else the family's only one (the migration's backfill follows the same rule).
 */
export async function findDefaultLearnerId(db: DbOrTx, accountId: string): Promise<string | null> {
  const learners = await db.learner.findMany({
    where: { accountId },
    orderBy: [{ isSelf: "desc" }, { createdAt: "asc" }],
    take: 2,
    select: { id: true, isSelf: true },
  });
  if (learners[0]?.isSelf || learners.length === 1) return learners[0]?.id ?? null;
  return null;
}

/** A learner of any family, with the account that holds them: the teacher books for anyone's. */
export function findLearnerWithAccount(db: DbOrTx, id: string) {
  return db.learner.findUnique({
    where: { id },
    select: {
      ...learnerSelect,
      account: { select: { id: true, email: true, name: true, isAdmin: true, imageUrl: true } },
    },
  });
}
