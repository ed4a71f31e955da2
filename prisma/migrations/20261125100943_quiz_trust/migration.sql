-- AlterTable
ALTER TABLE "QuizQuestion" ADD COLUMN     "calibratedAt" TIMESTAMPTZ(3),
ADD COLUMN     "calibratedDifficulty" DOUBLE PRECISION,
ADD COLUMN     "calibratedDiscrimination" DOUBLE PRECISION,
ADD COLUMN     "replacesId" TEXT,
ADD COLUMN     "retiredAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewStatus" TEXT NOT NULL DEFAULT 'reviewed',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "QuizAttempt" ADD COLUMN     "certified" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "optionOrders" JSONB,
ADD COLUMN     "placement" JSONB;

-- AlterTable
ALTER TABLE "QuizResult" ADD COLUMN     "certificateName" TEXT;

-- CreateTable
CREATE TABLE "QuizResponse" (
    "id" UUID NOT NULL,
    "attemptId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "questionId" TEXT NOT NULL,
    "chosen" INTEGER,
    "correct" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuizResponse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "QuizResponse_questionId_idx" ON "QuizResponse"("questionId");

-- CreateIndex
CREATE INDEX "QuizResponse_userId_createdAt_idx" ON "QuizResponse"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "QuizResponse_attemptId_questionId_key" ON "QuizResponse"("attemptId", "questionId");

-- AddForeignKey
ALTER TABLE "QuizResponse" ADD CONSTRAINT "QuizResponse_attemptId_fkey" FOREIGN KEY ("attemptId") REFERENCES "QuizAttempt"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizResponse" ADD CONSTRAINT "QuizResponse_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "QuizQuestion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuizResponse" ADD CONSTRAINT "QuizResponse_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

