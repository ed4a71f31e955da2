-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "bookedBy" TEXT NOT NULL DEFAULT 'learner',
ADD COLUMN     "guardianName" TEXT;

-- AlterTable
ALTER TABLE "StudentNote" ADD COLUMN     "seenAt" TIMESTAMPTZ(3);


-- Notes written before the marker existed have been on the student's Resources page all along:
-- they do not light up as new.
UPDATE "StudentNote" SET "seenAt" = "createdAt";
