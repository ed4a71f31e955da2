-- The waitlist (issue 31, item 3): a family asks to be told when a taken time, or any time on a
-- weekday between two hours, frees up; a freed time is offered to them one at a time, each offer
-- holding it for the setting's hours.
CREATE TABLE "WaitlistEntry" (
  "id" UUID NOT NULL,
  "studentId" UUID NOT NULL,
  "startsAt" TIMESTAMPTZ(3),
  "weekday" INTEGER,
  "fromMinute" INTEGER,
  "toMinute" INTEGER,
  "status" TEXT NOT NULL DEFAULT 'waiting',
  "locale" TEXT NOT NULL DEFAULT 'en',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "closedAt" TIMESTAMPTZ(3),
  CONSTRAINT "WaitlistEntry_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "WaitlistEntry_status_check" CHECK ("status" IN ('waiting', 'booked', 'withdrawn')),
  -- Either one time, or a weekday (1 Monday .. 7 Sunday) with a window of minutes in the teacher's zone.
  CONSTRAINT "WaitlistEntry_shape_check" CHECK (
    ("startsAt" IS NOT NULL AND "weekday" IS NULL AND "fromMinute" IS NULL AND "toMinute" IS NULL)
    OR ("startsAt" IS NULL AND "weekday" BETWEEN 1 AND 7 AND "fromMinute" >= 0 AND "toMinute" <= 1440
        AND "fromMinute" < "toMinute")
  )
);
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_studentId_fkey"
  FOREIGN KEY ("studentId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WaitlistEntry_studentId_idx" ON "WaitlistEntry" ("studentId");
CREATE INDEX "WaitlistEntry_waiting_idx" ON "WaitlistEntry" ("createdAt") WHERE "status" = 'waiting';

CREATE TABLE "WaitlistOffer" (
  "id" UUID NOT NULL,
  "entryId" UUID NOT NULL,
  "teacherId" UUID NOT NULL,
  "startsAt" TIMESTAMPTZ(3) NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'held',
  "createdAt" TIMESTAMPTZ(3) NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "closedAt" TIMESTAMPTZ(3),
  "bookingId" UUID,
  CONSTRAINT "WaitlistOffer_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "WaitlistOffer_status_check" CHECK ("status" IN ('held', 'accepted', 'expired', 'released'))
);
ALTER TABLE "WaitlistOffer" ADD CONSTRAINT "WaitlistOffer_entryId_fkey"
  FOREIGN KEY ("entryId") REFERENCES "WaitlistEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WaitlistOffer" ADD CONSTRAINT "WaitlistOffer_teacherId_fkey"
  FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WaitlistOffer" ADD CONSTRAINT "WaitlistOffer_bookingId_fkey"
  FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- A time is held for one person at a time, and an entry holds one time at a time.
CREATE UNIQUE INDEX "WaitlistOffer_held_slot_key" ON "WaitlistOffer" ("teacherId", "startsAt") WHERE "status" = 'held';
CREATE UNIQUE INDEX "WaitlistOffer_held_entry_key" ON "WaitlistOffer" ("entryId") WHERE "status" = 'held';
-- A time is offered to an entry once: unanswered, it passes on and does not come back.
CREATE UNIQUE INDEX "WaitlistOffer_entryId_startsAt_key" ON "WaitlistOffer" ("entryId", "startsAt");

ALTER TABLE "AdminSettings" ADD COLUMN "waitlistHoldHours" INTEGER NOT NULL DEFAULT 12;
