-- DropForeignKey
ALTER TABLE "BookingOrder" DROP CONSTRAINT "BookingOrder_studentId_fkey";

-- AlterTable
ALTER TABLE "BookingOrder" ALTER COLUMN "studentId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "BookingOrder" ADD CONSTRAINT "BookingOrder_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

