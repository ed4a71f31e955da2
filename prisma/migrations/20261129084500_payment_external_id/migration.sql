-- A payment a provider reported (Stripe's webhook, issue 30) keeps the provider's id for it, so a
-- report delivered twice finds its entry and adds none. Null for the entries the teacher adds.
ALTER TABLE "Payment" ADD COLUMN "externalId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Payment_externalId_key" ON "Payment"("externalId");
