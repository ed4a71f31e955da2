import type { Db } from "../../db.ts";

const packageSelect = {
  id: true,
  name: true,
  description: true,
  lessons: true,
  totalPriceCents: true,
  features: true,
  isPopular: true,
  lessonType: true,
} as const;

export function listActivePackages(db: Db) {
  return db.package.findMany({
    where: { isActive: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: packageSelect,
  });
}

export function findActivePackage(db: Db, id: string) {
  return db.package.findFirst({ where: { id, isActive: true }, select: packageSelect });
}

export function listActiveTeachers(db: Db) {
  return db.teacher.findMany({
    where: { isActive: true },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, bio: true, imageUrl: true, specializations: true, email: true, phone: true },
  });
}

export function listGroupEvents(db: Db) {
  return db.groupEvent.findMany({ where: { isActive: true }, orderBy: { sortOrder: "asc" } });
}

export function listGroupPackages(db: Db) {
  return db.groupPackage.findMany({ where: { isActive: true }, orderBy: { sortOrder: "asc" } });
}
