-- AlterTable
ALTER TABLE "BookingOrder" ADD COLUMN     "paidCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "paidOn" DATE,
ADD COLUMN     "paymentStatus" TEXT NOT NULL DEFAULT 'unpaid';

-- AlterTable
ALTER TABLE "AdminSettings" ADD COLUMN     "paymentInstructions" TEXT NOT NULL DEFAULT '';

-- The payment states the teacher can record; amounts are never negative.
ALTER TABLE "BookingOrder" ADD CONSTRAINT "BookingOrder_paymentStatus_check"
  CHECK ("paymentStatus" IN ('unpaid', 'partly_paid', 'paid', 'refunded'));
ALTER TABLE "BookingOrder" ADD CONSTRAINT "BookingOrder_paidCents_check" CHECK ("paidCents" >= 0);
