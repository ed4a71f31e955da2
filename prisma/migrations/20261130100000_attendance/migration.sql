-- Attendance (issue 31, item 1): what happened once a lesson started, beside its status.
ALTER TABLE "Booking" ADD COLUMN "attendance" TEXT,
ADD COLUMN "attendanceSource" TEXT,
ADD COLUMN "attendanceMarkedAt" TIMESTAMPTZ(3);

ALTER TABLE "Booking" ADD CONSTRAINT "Booking_attendance_check"
  CHECK ("attendance" IS NULL OR "attendance" IN ('attended', 'no_show', 'late_cancellation'));

-- The job looks for ended lessons nobody marked.
CREATE INDEX "Booking_unmarked_endsAt_idx" ON "Booking" ("endsAt") WHERE "attendance" IS NULL;

ALTER TABLE "AdminSettings" ADD COLUMN "attendanceAutoHours" INTEGER NOT NULL DEFAULT 24;
