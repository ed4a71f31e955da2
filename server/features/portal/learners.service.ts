// A family's learners (issue 31): the account (the guardian who signs in and pays) holds one or
// more, a child or the account holder themself. A booking names its learner: by id, or by the
// name its studentInfo gives (a new name creates a learner, the same name reuses it).

import { ENGLISH_LEVELS, LEARNER_NAME_TAKEN_MESSAGE, LEARNER_NOT_FOUND_MESSAGE } from "../../../shared/constants.ts";
import type { LearnerAgeGroup } from "../../../shared/learner-options.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import {
  findAccountLearner,
  findDefaultLearnerId,
  findLearnerByKey,
  hasSelfLearner,
  insertLearner,
  type LearnerRow,
  listAccountLearners,
  setAccountPhoneIfMissing,
  updateLearnerRow,
} from "./learners.data.ts";
import type { LearnerInput } from "./portal.schemas.ts";

export type LearnerDto = {
  id: string;
  name: string;
  ageGroup: LearnerAgeGroup;
  level: string | null;
  goals: string | null;
  isSelf: boolean;
};

const AGE_GROUPS: readonly string[] = ["child", "teen", "adult"];

export function toLearnerDto(l: Omit<LearnerRow, "createdAt">): LearnerDto {
  return {
    id: l.id,
    name: l.name,
    ageGroup: (AGE_GROUPS.includes(l.ageGroup) ? l.ageGroup : "adult") as LearnerAgeGroup,
    level: l.level,
    goals: l.goals,
    isSelf: l.isSelf,
  };
}

/** How a name is matched within a family: spaces collapsed, case ignored (the migration's too). */
export const learnerNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadOwnLearner(db: DbOrTx, accountId: string, id: string) {
  const learner = UUID.test(id) ? await findAccountLearner(db, accountId, id) : null;
  if (!learner) throw new AppError("NOT_FOUND", LEARNER_NOT_FOUND_MESSAGE);
  return learner;
}

/**
 * The learner a note, a file or a result of this account is about: the one named (another
 * family's id is a 404), else the account holder's own learner or the family's only one.
 */
export async function recordLearnerId(db: DbOrTx, accountId: string, learnerId: string | null | undefined) {
  if (learnerId) return (await loadOwnLearner(db, accountId, learnerId)).id;
  return findDefaultLearnerId(db, accountId);
}

/** A learner of this account named by a filter, or a 404. */
export async function checkOwnLearner(db: DbOrTx, accountId: string, learnerId: string | undefined) {
  if (learnerId) await loadOwnLearner(db, accountId, learnerId);
}

/** How a record names its learner in the answers (null: the family's account as a whole). */
export function toLearnerRef(l: { id: string; name: string; isSelf: boolean } | null) {
  return l ? { id: l.id, name: l.name, is_self: l.isSelf } : null;
}

export async function listLearners(db: Db, accountId: string) {
  return { learners: (await listAccountLearners(db, accountId)).map(toLearnerDto) };
}

/** The input's fields as stored; an empty level is none. */
function fieldsOf(input: LearnerInput) {
  return {
    name: input.name,
    nameKey: learnerNameKey(input.name),
    ageGroup: input.ageGroup,
    level: input.level || null,
    goals: input.goals ?? null,
  };
}

/** A name another learner of the family has is refused: bookings find learners by their name. */
async function writeUniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", LEARNER_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

export async function addLearner(db: Db, accountId: string, input: LearnerInput) {
  const fields = fieldsOf(input);
  if (await findLearnerByKey(db, accountId, fields.nameKey)) {
    throw new AppError("CONFLICT", LEARNER_NAME_TAKEN_MESSAGE);
  }
  const learner = await writeUniquely(() => insertLearner(db, accountId, { ...fields, isSelf: false }));
  return { learner: toLearnerDto(learner) };
}

export async function editLearner(db: Db, accountId: string, id: string, input: LearnerInput) {
  const learner = await loadOwnLearner(db, accountId, id);
  const fields = fieldsOf(input);
  const namesake = await findLearnerByKey(db, accountId, fields.nameKey);
  if (namesake && namesake.id !== learner.id) throw new AppError("CONFLICT", LEARNER_NAME_TAKEN_MESSAGE);
  return { learner: toLearnerDto(await writeUniquely(() => updateLearnerRow(db, learner.id, fields))) };
}

/**
 * Whom a booking is for, decided before the booking's lock: a learner of the account named by id
 * (another family's id is a 404), or a name the booking's details give.
 */
export type BookingLearner =
  | { kind: "existing"; id: string; name: string; isSelf: boolean }
  | { kind: "named"; name: string; ageGroup: LearnerAgeGroup; asSelf: boolean };

export async function resolveBookingLearner(
  db: Db,
  accountId: string,
  learnerId: string | null | undefined,
  info: { name: string; guardian: boolean; ageGroup: LearnerAgeGroup | null | undefined },
): Promise<BookingLearner> {
  if (learnerId) {
    const learner = await loadOwnLearner(db, accountId, learnerId);
    return { kind: "existing", id: learner.id, name: learner.name, isSelf: learner.isSelf };
  }
  return {
    kind: "named",
    name: info.name,
    ageGroup: info.ageGroup ?? (info.guardian ? "child" : "adult"),
    asSelf: !info.guardian,
  };
}

const FORM_LEVELS: readonly string[] = ENGLISH_LEVELS;

/**
 * Under the booking's transaction: the learner the lessons name, created for a new name, and
 * described as this booking describes them (the level the form gives does not replace a CEFR
 * level a placement measured). The first adult the account books for itself is its self learner.
 */
export async function saveBookingLearner(
  tx: DbOrTx,
  accountId: string,
  learner: BookingLearner,
  details: { level: string | null; goals: string | null; phone: string },
): Promise<string> {
  // The family's contact, so the next booking need not ask for it again.
  if (details.phone) await setAccountPhoneIfMissing(tx, accountId, details.phone);
  const found =
    learner.kind === "existing"
      ? await findAccountLearner(tx, accountId, learner.id)
      : await findLearnerByKey(tx, accountId, learnerNameKey(learner.name));
  if (found) {
    const keepLevel = found.level && !FORM_LEVELS.includes(found.level);
    await updateLearnerRow(tx, found.id, {
      ...(keepLevel || !details.level ? {} : { level: details.level }),
      ...(details.goals ? { goals: details.goals } : {}),
    });
    return found.id;
  }
  if (learner.kind === "existing") throw new AppError("NOT_FOUND", LEARNER_NOT_FOUND_MESSAGE);
  const isSelf = learner.asSelf && !(await hasSelfLearner(tx, accountId));
  const created = await insertLearner(tx, accountId, {
    name: learner.name,
    nameKey: learnerNameKey(learner.name),
    ageGroup: learner.ageGroup,
    level: details.level,
    goals: details.goals,
    isSelf,
  });
  return created.id;
}
