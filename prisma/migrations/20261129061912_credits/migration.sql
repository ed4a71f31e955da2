-- CreateEnum
CREATE TYPE "CreditEntryKind" AS ENUM ('purchased', 'used', 'returned', 'late_cancellation', 'no_show', 'expired', 'adjusted');

-- AlterTable
ALTER TABLE "AdminSettings" ADD COLUMN     "creditExpiryMonths" INTEGER NOT NULL DEFAULT 12;

-- CreateTable
CREATE TABLE "CreditEntry" (
    "id" UUID NOT NULL,
    "seq" SERIAL NOT NULL,
    "studentId" UUID NOT NULL,
    "kind" "CreditEntryKind" NOT NULL,
    "lessons" INTEGER NOT NULL,
    "orderId" UUID,
    "bookingId" UUID,
    "expiresAt" TIMESTAMPTZ(3),
    "reason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CreditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreditEntry_studentId_createdAt_seq_idx" ON "CreditEntry"("studentId", "createdAt", "seq");

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "BookingOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;

