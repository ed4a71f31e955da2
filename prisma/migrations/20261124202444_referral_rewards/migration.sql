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

