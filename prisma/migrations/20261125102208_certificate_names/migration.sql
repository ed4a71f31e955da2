-- Certificates name their holder as at issue: existing certificates take the name the profile
-- holds now (the only record there is).
UPDATE "QuizResult" AS r
   SET "certificateName" = u."name"
  FROM "User" AS u
 WHERE r."userId" = u."id"
   AND r."certificateCode" IS NOT NULL
   AND r."certificateName" IS NULL;

-- A certificate stands for a level reached: codes issued to level tests below the 60% pass mark
-- ("not yet reached") are revoked, so they no longer verify.
UPDATE "QuizResult"
   SET "certificateCode" = NULL, "certificateName" = NULL
 WHERE "quizType" = 'level'
   AND "certificateCode" IS NOT NULL
   AND "score" * 100 < 60 * "totalQuestions";
