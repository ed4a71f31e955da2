-- Referrals follow only the friend's own use of the code (issue 27). Sign-in used to bind every
-- referral recorded for the account's address (an invitation by email, a /ref signup anyone could
-- make) to the account and make its first inviter the account's referrer. Undo what that left
-- where the friend never ordered through a code: an order through one sets both again.
UPDATE "User" u SET "referredById" = NULL
WHERE u."referredById" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "BookingOrder" o WHERE o."studentId" = u."id");

UPDATE "Referral" SET "referredUserId" = NULL
WHERE "referredUserId" IS NOT NULL AND "orderId" IS NULL;
