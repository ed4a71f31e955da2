-- A meeting room per lesson (the teacher's setting of how online lessons get their link) and
-- Italy's public holidays as days off: a day off may name the holiday it is, or the teacher's
-- own name for a period (school holidays).
ALTER TABLE "AdminSettings" ADD COLUMN "meetingMode" TEXT NOT NULL DEFAULT 'manual',
ADD COLUMN "meetingFixedLink" TEXT,
ADD COLUMN "jitsiBaseUrl" TEXT NOT NULL DEFAULT 'https://meet.jit.si',
ADD COLUMN "applyHolidays" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "AvailabilityException" ADD COLUMN "holiday" TEXT,
ADD COLUMN "name" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "AvailabilityException_teacherId_startsAt_holiday_key" ON "AvailabilityException"("teacherId", "startsAt", "holiday");
