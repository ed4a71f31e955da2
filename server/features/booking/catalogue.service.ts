// The public catalogue: packages, teachers and group conversation nights, in the spec's shapes.
// Money is stored in cents and leaves the server as euro numbers.
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import {
  findActivePackage,
  listActivePackages,
  listActiveTeachers,
  listGroupEvents,
  listGroupPackages,
} from "./catalogue.data.ts";

type PackageRow = Awaited<ReturnType<typeof listActivePackages>>[number];

export function toPackageDto(p: PackageRow) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    lessons: p.lessons,
    totalPrice: centsToEuro(p.totalPriceCents),
    pricePerLesson: centsToEuro(Math.round(p.totalPriceCents / p.lessons)),
    features: p.features,
    isPopular: p.isPopular,
    lessonType: p.lessonType as "online" | "in-person" | "either" | "group",
  };
}
export type PackageDto = ReturnType<typeof toPackageDto>;

export async function listPackages(db: Db): Promise<PackageDto[]> {
  return (await listActivePackages(db)).map(toPackageDto);
}

export async function getPackage(db: Db, id: string): Promise<PackageDto> {
  const found = await findActivePackage(db, id);
  if (!found) throw new AppError("NOT_FOUND", "Package not found.");
  return toPackageDto(found);
}

export async function listPublicTeachers(db: Db) {
  return (await listActiveTeachers(db)).map((t) => ({
    id: t.id,
    name: t.name,
    bio: t.bio,
    image_url: t.imageUrl,
    specializations: t.specializations,
  }));
}
export type TeacherDto = Awaited<ReturnType<typeof listPublicTeachers>>[number];

export async function listGroupConversationEvents(db: Db) {
  return (await listGroupEvents(db)).map((e) => ({
    id: e.id,
    day_of_week: e.dayOfWeek,
    time: e.time,
    location: e.location,
    location_description: e.locationDescription,
  }));
}

export async function listGroupConversationPackages(db: Db) {
  return (await listGroupPackages(db)).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    weeks: p.weeks,
    price: centsToEuro(p.pricePerNightCents),
    total_price: centsToEuro(p.totalPriceCents),
  }));
}
