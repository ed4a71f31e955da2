-- Issue 31, item 0: each learner a person of their own. A family account holds learners; a
-- booking names its learner.

-- CreateTable
CREATE TABLE "Learner" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "ageGroup" TEXT NOT NULL,
    "level" TEXT,
    "goals" TEXT,
    "isSelf" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Learner_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Learner_accountId_nameKey_key" ON "Learner"("accountId", "nameKey");

-- AddForeignKey
ALTER TABLE "Learner" ADD CONSTRAINT "Learner_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "learnerId" UUID;

-- CreateIndex
CREATE INDEX "Booking_learnerId_idx" ON "Booking"("learnerId");

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill. The key is the one learners.ts makes: trimmed, inner spaces collapsed, lower case.
-- 1. One self learner per account that booked as the learner, named and described as its latest
--    such lesson was.
INSERT INTO "Learner" ("id", "accountId", "name", "nameKey", "ageGroup", "level", "goals", "isSelf", "createdAt", "updatedAt")
SELECT gen_random_uuid(), latest."studentId", latest."name",
       lower(regexp_replace(btrim(latest."name"), '\s+', ' ', 'g')),
       'adult', latest."englishLevel", latest."lessonFocus", true, now(), now()
FROM (
    SELECT DISTINCT ON (b."studentId") b."studentId", btrim(b."studentName") AS "name", b."englishLevel", b."lessonFocus"
    FROM "Booking" b
    WHERE b."studentId" IS NOT NULL AND b."bookedBy" = 'learner' AND btrim(b."studentName") <> ''
    ORDER BY b."studentId", b."startsAt" DESC, b."id"
) AS latest;

-- 2. One learner per name a guardian booked for (a child unless said otherwise), described as
--    the latest lesson for that name was; a name that is the account's self learner's stays that one.
INSERT INTO "Learner" ("id", "accountId", "name", "nameKey", "ageGroup", "level", "goals", "isSelf", "createdAt", "updatedAt")
SELECT gen_random_uuid(), latest."studentId", latest."name", latest."nameKey",
       'child', latest."englishLevel", latest."lessonFocus", false, now(), now()
FROM (
    SELECT DISTINCT ON (b."studentId", lower(regexp_replace(btrim(b."studentName"), '\s+', ' ', 'g')))
           b."studentId", btrim(b."studentName") AS "name",
           lower(regexp_replace(btrim(b."studentName"), '\s+', ' ', 'g')) AS "nameKey",
           b."englishLevel", b."lessonFocus"
    FROM "Booking" b
    WHERE b."studentId" IS NOT NULL AND b."bookedBy" = 'guardian' AND btrim(b."studentName") <> ''
    ORDER BY b."studentId", lower(regexp_replace(btrim(b."studentName"), '\s+', ' ', 'g')), b."startsAt" DESC, b."id"
) AS latest
ON CONFLICT ("accountId", "nameKey") DO NOTHING;

-- 3. Each lesson names its learner: the account's self learner for its own lessons, the learner
--    of that name for a guardian's.
UPDATE "Booking" b SET "learnerId" = l."id"
FROM "Learner" l
WHERE b."studentId" = l."accountId" AND b."bookedBy" = 'learner' AND l."isSelf";

UPDATE "Booking" b SET "learnerId" = l."id"
FROM "Learner" l
WHERE b."studentId" = l."accountId" AND b."bookedBy" = 'guardian'
  AND l."nameKey" = lower(regexp_replace(btrim(b."studentName"), '\s+', ' ', 'g'));
