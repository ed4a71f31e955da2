-- Issue 31, item 0: a quiz can be taken for a child. The attempt names the learner who takes it
-- (chosen at the start), and its result and certificate are that learner's. Attempts started
-- before have none: their results go to the account holder's own learner, as they did.

-- AlterTable
ALTER TABLE "QuizAttempt" ADD COLUMN "learnerId" UUID;

-- CreateIndex
CREATE INDEX "QuizAttempt_learnerId_idx" ON "QuizAttempt"("learnerId");

-- AddForeignKey
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE SET NULL ON UPDATE CASCADE;
