-- AlterTable
ALTER TABLE "AdminSettings" ADD COLUMN     "calendarSyncMinutes" INTEGER NOT NULL DEFAULT 5;

-- CreateTable
CREATE TABLE "CalendarSource" (
    "id" UUID NOT NULL,
    "teacherId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "urlEncrypted" TEXT NOT NULL,
    "username" TEXT,
    "passwordEncrypted" TEXT,
    "calendarUrlEncrypted" TEXT,
    "displayHost" TEXT NOT NULL,
    "lastSyncedAt" TIMESTAMPTZ(3),
    "lastAttemptAt" TIMESTAMPTZ(3),
    "busyCount" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "failingSince" TIMESTAMPTZ(3),
    "syncClaimedUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalendarBusy" (
    "id" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "teacherId" UUID NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CalendarBusy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CalendarSource_teacherId_idx" ON "CalendarSource"("teacherId");

-- CreateIndex
CREATE INDEX "CalendarBusy_teacherId_startsAt_idx" ON "CalendarBusy"("teacherId", "startsAt");

-- CreateIndex
CREATE INDEX "CalendarBusy_sourceId_idx" ON "CalendarBusy"("sourceId");

-- AddForeignKey
ALTER TABLE "CalendarSource" ADD CONSTRAINT "CalendarSource_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarBusy" ADD CONSTRAINT "CalendarBusy_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "CalendarSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

