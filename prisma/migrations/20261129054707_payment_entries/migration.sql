-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "method" TEXT,
    "paidOn" DATE NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "reversesId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Payment_reversesId_key" ON "Payment"("reversesId");

-- CreateIndex
CREATE INDEX "Payment_orderId_createdAt_idx" ON "Payment"("orderId", "createdAt");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "BookingOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- An entry is money that moved: never zero, and its method one of the five the teacher offers
-- (or none, for the payments recorded before entries existed).
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_amount_not_zero" CHECK ("amountCents" <> 0);
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_method_known"
  CHECK ("method" IS NULL OR "method" IN ('bank_transfer', 'card', 'satispay', 'paypal', 'cash'));

-- Each order's recorded payment becomes one entry, dated the day it was recorded for (else the
-- order's day). Nobody wrote down how it was paid: its method stays null ("not recorded"), never a
-- guess. A refunded order held the amount that went back: it becomes that amount received and the
-- same amount refunded, so its sum is 0 and it still reads "Refunded".
-- One statement, so both halves read the orders before any entry exists; an order that already
-- has entries is left alone.
INSERT INTO "Payment" ("id", "orderId", "amountCents", "method", "paidOn", "note", "createdAt")
SELECT gen_random_uuid(), o."id", o."paidCents", NULL,
       COALESCE(o."paidOn", (o."createdAt" AT TIME ZONE 'Europe/Rome')::date),
       'Recorded before payments were a list', o."createdAt"
  FROM "BookingOrder" o
 WHERE o."paidCents" > 0
   AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = o."id")
UNION ALL
SELECT gen_random_uuid(), o."id", -o."paidCents", NULL,
       COALESCE(o."paidOn", (o."createdAt" AT TIME ZONE 'Europe/Rome')::date),
       'Refund recorded before payments were a list', o."createdAt" + interval '1 millisecond'
  FROM "BookingOrder" o
 WHERE o."paidCents" > 0 AND o."paymentStatus" = 'refunded'
   AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = o."id");

-- The order's columns now hold the entries' sum.
UPDATE "BookingOrder" SET "paidCents" = 0 WHERE "paymentStatus" = 'refunded';
