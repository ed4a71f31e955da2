-- AlterTable
ALTER TABLE "AdminSettings" ADD COLUMN     "paymentReminderDays" INTEGER NOT NULL DEFAULT 3;

-- AlterTable
ALTER TABLE "BookingOrder" ADD COLUMN     "paymentReminderSentAt" TIMESTAMPTZ(3);
