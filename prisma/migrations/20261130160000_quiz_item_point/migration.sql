-- The grammar or vocabulary point an item tests (issue 34, item 4): items naming the same point
-- are never served in the same attempt.
ALTER TABLE "QuizQuestion" ADD COLUMN "point" TEXT;
