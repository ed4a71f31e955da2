-- AlterTable
ALTER TABLE "QuizQuestion" ADD COLUMN     "keyRevealedAt" TIMESTAMPTZ(3);

-- Until now every submitted attempt's review showed every key it served: each item's key counts
-- as revealed when an answer to it was last stored.
UPDATE "QuizQuestion" AS q
   SET "keyRevealedAt" = r."lastShown"
  FROM (SELECT "questionId", MAX("createdAt") AS "lastShown" FROM "QuizResponse" GROUP BY "questionId") AS r
 WHERE q."id" = r."questionId";
