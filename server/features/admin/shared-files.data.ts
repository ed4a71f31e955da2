import type { Prisma } from "../../db/generated/client.ts";
import { type PageWindow, readPage } from "../../db/paged.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { learnerRefSelect } from "../portal/learners.data.ts";

/** A shared file as its student sees it (the portal, the data export). */
export const sharedFileContentSelect = {
  id: true,
  title: true,
  description: true,
  fileType: true,
  fileUrl: true,
  fileSize: true,
  lastViewedAt: true,
  createdAt: true,
  learner: { select: learnerRefSelect },
} as const satisfies Prisma.SharedFileSelect;

export const sharedFileSelect = {
  ...sharedFileContentSelect,
  studentId: true,
  learnerId: true,
  isActive: true,
  student: { select: { id: true, name: true, email: true, phone: true } },
} as const satisfies Prisma.SharedFileSelect;
export type SharedFileRow = Prisma.SharedFileGetPayload<{ select: typeof sharedFileSelect }>;

export type SharedFileFilter = {
  studentId?: string;
  learnerId?: string;
  fileType?: string;
  isActive?: boolean;
  search?: string;
};
export type SharedFileChanges = Partial<
  Pick<SharedFileRow, "title" | "description" | "fileType" | "fileUrl" | "fileSize" | "isActive">
>;

export async function listSharedFileRows(db: Db, filter: SharedFileFilter, page: PageWindow) {
  const where: Prisma.SharedFileWhereInput = {};
  if (filter.studentId) where.studentId = filter.studentId;
  if (filter.learnerId) where.learnerId = filter.learnerId;
  if (filter.fileType) where.fileType = filter.fileType;
  if (filter.isActive !== undefined) where.isActive = filter.isActive;
  if (filter.search) {
    const contains = { contains: filter.search, mode: "insensitive" as const };
    where.OR = [
      { title: contains },
      { description: contains },
      { student: { name: contains } },
      { learner: { name: contains } },
    ];
  }
  const [{ rows, total }, counts] = await Promise.all([
    readPage(
      page,
      (window) =>
        db.sharedFile.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
          ...window,
          select: sharedFileSelect,
        }),
      () => db.sharedFile.count({ where }),
    ),
    db.sharedFile.groupBy({ by: ["studentId", "isActive"], _count: { _all: true } }),
  ]);
  return { rows, total, counts };
}

export function findSharedFileRow(db: Db, id: string) {
  return db.sharedFile.findUnique({ where: { id }, select: sharedFileSelect });
}

export function insertSharedFile(db: DbOrTx, data: Prisma.SharedFileUncheckedCreateInput) {
  return db.sharedFile.create({ data, select: sharedFileSelect });
}

export function updateSharedFileRow(db: DbOrTx, id: string, data: SharedFileChanges) {
  return db.sharedFile.update({ where: { id }, data, select: sharedFileSelect });
}

export function deleteSharedFileRow(db: Db, id: string) {
  return db.sharedFile.delete({ where: { id }, select: { id: true } });
}
