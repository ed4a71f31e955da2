-- AlterTable
ALTER TABLE "QuizAttempt" ADD COLUMN     "answers" JSONB,
ADD COLUMN     "variant" TEXT;

