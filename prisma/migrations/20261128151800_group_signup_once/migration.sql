-- A student's open group sign-up for a night and package is one row (issue 27): a repeat made
-- before the teacher handled the first is that sign-up. Sign-ups bought with an order are left out
-- (each order pays for its own). Prisma's schema cannot express a partial index, so it lives here
-- only; insertStandaloneGroupSignup (booking.data.ts) names its columns and predicate.

-- Repeats already in the inbox: the first stays open, the others are marked handled.
UPDATE "GroupSignup" g SET "handledAt" = CURRENT_TIMESTAMP
WHERE g."orderId" IS NULL AND g."handledAt" IS NULL AND g."userId" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "GroupSignup" e
    WHERE e."userId" = g."userId" AND e."eventId" = g."eventId" AND e."groupPackageId" = g."groupPackageId"
      AND e."orderId" IS NULL AND e."handledAt" IS NULL
      AND (e."createdAt", e."id") < (g."createdAt", g."id")
  );

-- CreateIndex
CREATE UNIQUE INDEX "GroupSignup_open_key" ON "GroupSignup"("userId", "eventId", "groupPackageId") WHERE "orderId" IS NULL AND "handledAt" IS NULL;
