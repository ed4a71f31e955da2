-- A weekly cap (issue 31, item 7): at most N lessons a week, per learner or per family.
ALTER TABLE "User" ADD COLUMN "weeklyLessonCap" INTEGER;
ALTER TABLE "Learner" ADD COLUMN "weeklyLessonCap" INTEGER;

ALTER TABLE "User" ADD CONSTRAINT "User_weeklyLessonCap_check"
  CHECK ("weeklyLessonCap" IS NULL OR "weeklyLessonCap" BETWEEN 1 AND 50);
ALTER TABLE "Learner" ADD CONSTRAINT "Learner_weeklyLessonCap_check"
  CHECK ("weeklyLessonCap" IS NULL OR "weeklyLessonCap" BETWEEN 1 AND 50);
