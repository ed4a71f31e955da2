-- AlterTable
ALTER TABLE "AdminSettings" ADD COLUMN     "maxPendingLessons" INTEGER,
ADD COLUMN     "releasePendingAfterHours" INTEGER;

-- A cap of at least one lesson; a release at least an hour after the request.
ALTER TABLE "AdminSettings" ADD CONSTRAINT "AdminSettings_maxPendingLessons_check" CHECK ("maxPendingLessons" >= 1);
ALTER TABLE "AdminSettings" ADD CONSTRAINT "AdminSettings_releasePendingAfterHours_check" CHECK ("releasePendingAfterHours" >= 1);
