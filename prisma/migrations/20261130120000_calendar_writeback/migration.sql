-- Issue 32, item 2: lessons written into the teacher's own CalDAV calendar, kept in step.

-- AlterTable
ALTER TABLE "CalendarSource" ADD COLUMN     "receivesLessons" BOOLEAN NOT NULL DEFAULT false;

-- At most one calendar of a teacher receives her lessons (Prisma cannot declare a partial index).
CREATE UNIQUE INDEX "CalendarSource_one_receiving_per_teacher" ON "CalendarSource"("teacherId") WHERE "receivesLessons";

-- CreateTable
CREATE TABLE "CalendarLessonEvent" (
    "id" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "bookingId" UUID,
    "uid" TEXT NOT NULL,
    "action" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "etag" TEXT,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "contentHash" TEXT,
    "writtenStartsAt" TIMESTAMPTZ(3),
    "writtenAt" TIMESTAMPTZ(3),
    "changeKind" TEXT,
    "changedStartsAt" TIMESTAMPTZ(3),
    "changeSeenAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarLessonEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarLessonEvent_sourceId_uid_key" ON "CalendarLessonEvent"("sourceId", "uid");

-- CreateIndex
CREATE INDEX "CalendarLessonEvent_bookingId_idx" ON "CalendarLessonEvent"("bookingId");

-- CreateIndex
CREATE INDEX "CalendarLessonEvent_action_nextAttemptAt_idx" ON "CalendarLessonEvent"("action", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "CalendarLessonEvent" ADD CONSTRAINT "CalendarLessonEvent_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "CalendarSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarLessonEvent" ADD CONSTRAINT "CalendarLessonEvent_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
