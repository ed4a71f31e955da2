-- Issue 31, item 0: notes, shared files and quiz results belong to a learner of the family (the
-- account holder themself or a child), the account staying their guardian and payer.

-- AlterTable
ALTER TABLE "StudentNote" ADD COLUMN "learnerId" UUID;
ALTER TABLE "SharedFile" ADD COLUMN "learnerId" UUID;
ALTER TABLE "QuizResult" ADD COLUMN "learnerId" UUID;

-- CreateIndex
CREATE INDEX "StudentNote_learnerId_idx" ON "StudentNote"("learnerId");
CREATE INDEX "SharedFile_learnerId_idx" ON "SharedFile"("learnerId");
CREATE INDEX "QuizResult_learnerId_idx" ON "QuizResult"("learnerId");

-- AddForeignKey
ALTER TABLE "StudentNote" ADD CONSTRAINT "StudentNote_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "SharedFile" ADD CONSTRAINT "SharedFile_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "QuizResult" ADD CONSTRAINT "QuizResult_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Backfill: what was attached to an account moves to that account's own learner (the account
-- holder themself) or, when the family has no such learner, to its only learner. A family of
-- several children and no learner of its own keeps them on the account (learnerId null), where
-- the teacher still finds them under the guardian. The three statements share one rule.
UPDATE "StudentNote" n SET "learnerId" = m."learnerId"
FROM (
    SELECT l."accountId", COALESCE(
             (array_agg(l."id") FILTER (WHERE l."isSelf"))[1],
             CASE WHEN COUNT(*) = 1 THEN (array_agg(l."id"))[1] END
           ) AS "learnerId"
    FROM "Learner" l GROUP BY l."accountId"
) AS m
WHERE n."studentId" = m."accountId" AND n."learnerId" IS NULL AND m."learnerId" IS NOT NULL;

UPDATE "SharedFile" f SET "learnerId" = m."learnerId"
FROM (
    SELECT l."accountId", COALESCE(
             (array_agg(l."id") FILTER (WHERE l."isSelf"))[1],
             CASE WHEN COUNT(*) = 1 THEN (array_agg(l."id"))[1] END
           ) AS "learnerId"
    FROM "Learner" l GROUP BY l."accountId"
) AS m
WHERE f."studentId" = m."accountId" AND f."learnerId" IS NULL AND m."learnerId" IS NOT NULL;

UPDATE "QuizResult" r SET "learnerId" = m."learnerId"
FROM (
    SELECT l."accountId", COALESCE(
             (array_agg(l."id") FILTER (WHERE l."isSelf"))[1],
             CASE WHEN COUNT(*) = 1 THEN (array_agg(l."id"))[1] END
           ) AS "learnerId"
    FROM "Learner" l GROUP BY l."accountId"
) AS m
WHERE r."userId" = m."accountId" AND r."learnerId" IS NULL AND m."learnerId" IS NOT NULL;
