-- AlterTable
ALTER TABLE "User" ADD COLUMN     "isReturningCustomer" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "orderId" UUID,
ADD COLUMN     "rewardedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Discount" ADD COLUMN     "withdrawnAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ErasedCustomer" (
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErasedCustomer_pkey" PRIMARY KEY ("keyHash")
);

-- CreateIndex
CREATE UNIQUE INDEX "Referral_orderId_key" ON "Referral"("orderId");

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "BookingOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Rewards granted before this change (at the friend's booking) stand. An unused one is now worth
-- 10% of one lesson (the highest price per lesson of the bookable packages), and its referral
-- shows that value as earned; a used one keeps the amount it took off.
UPDATE "Referral" r SET "rewardedAt" = d."createdAt" FROM "Discount" d WHERE d."referralId" = r."id";
UPDATE "Discount" SET "amountCents" = COALESCE((
    SELECT round(max(round(p."totalPriceCents"::numeric / greatest(p."lessons", 1))) * "Discount"."percentage" / 100.0)::int
    FROM "Package" p WHERE p."isActive" AND p."lessonType" <> 'group'
  ), 0)
WHERE "usedOrderId" IS NULL;
UPDATE "Referral" r SET "discountEarnedCents" = d."amountCents"
FROM "Discount" d WHERE d."referralId" = r."id" AND d."usedOrderId" IS NULL;
