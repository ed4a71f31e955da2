-- Reading texts with their questions (testlets, issue 34, item 2): a testlet is served whole and
-- the placement estimator scores its questions as one unit.
CREATE TABLE "QuizTestlet" (
    "id" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "genre" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuizTestlet_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "QuizQuestion" ADD COLUMN "testletId" TEXT;
ALTER TABLE "QuizQuestion" ADD COLUMN "testletPosition" INTEGER;

CREATE INDEX "QuizQuestion_testletId_idx" ON "QuizQuestion"("testletId");

ALTER TABLE "QuizQuestion" ADD CONSTRAINT "QuizQuestion_testletId_fkey" FOREIGN KEY ("testletId") REFERENCES "QuizTestlet"("id") ON DELETE SET NULL ON UPDATE CASCADE;
