-- Issue 31, item 2: a report after each lesson. One per lesson (what was done, the homework, the
-- next focus), kept with the family's account; its skill tags one row each, with the learner and
-- the lesson's date, so a later feature can place them on a CEFR ability scale.

-- CreateTable
CREATE TABLE "LessonReport" (
    "id" UUID NOT NULL,
    "bookingId" UUID NOT NULL,
    "studentId" UUID,
    "learnerId" UUID,
    "summary" TEXT NOT NULL,
    "homework" TEXT,
    "homeworkDue" DATE,
    "homeworkLink" TEXT,
    "homeworkFileId" UUID,
    "homeworkDoneAt" TIMESTAMPTZ(3),
    "nextFocus" TEXT,
    "emailedAt" TIMESTAMPTZ(3),
    "emailCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LessonReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportSkill" (
    "id" UUID NOT NULL,
    "reportId" UUID NOT NULL,
    "learnerId" UUID,
    "date" TIMESTAMPTZ(3) NOT NULL,
    "skill" TEXT NOT NULL,
    "level" TEXT NOT NULL,

    CONSTRAINT "ReportSkill_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ReportSkill_level_check" CHECK ("level" IN ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'))
);

-- CreateIndex
CREATE UNIQUE INDEX "LessonReport_bookingId_key" ON "LessonReport"("bookingId");
CREATE INDEX "LessonReport_studentId_idx" ON "LessonReport"("studentId");
CREATE INDEX "LessonReport_learnerId_idx" ON "LessonReport"("learnerId");
CREATE UNIQUE INDEX "ReportSkill_reportId_skill_key" ON "ReportSkill"("reportId", "skill");
CREATE INDEX "ReportSkill_learnerId_date_idx" ON "ReportSkill"("learnerId", "date");

-- AddForeignKey
ALTER TABLE "LessonReport" ADD CONSTRAINT "LessonReport_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LessonReport" ADD CONSTRAINT "LessonReport_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LessonReport" ADD CONSTRAINT "LessonReport_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "LessonReport" ADD CONSTRAINT "LessonReport_homeworkFileId_fkey" FOREIGN KEY ("homeworkFileId") REFERENCES "SharedFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ReportSkill" ADD CONSTRAINT "ReportSkill_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "LessonReport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReportSkill" ADD CONSTRAINT "ReportSkill_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
