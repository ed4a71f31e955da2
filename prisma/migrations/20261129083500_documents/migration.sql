-- Issue 30, item 4: issued documents and their counters.

-- AlterTable
ALTER TABLE "BillingProfile" ADD COLUMN "issueDocuments" TEXT NOT NULL DEFAULT 'on_payment';

-- CreateTable
CREATE TABLE "DocumentCounter" (
    "name" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "BillingDocument" (
    "id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "regime" TEXT NOT NULL,
    "issuedOn" DATE NOT NULL,
    "locale" TEXT NOT NULL,
    "orderId" UUID,
    "paymentId" UUID,
    "studentId" UUID,
    "correctsId" UUID,
    "totalCents" INTEGER NOT NULL,
    "stampDutyCents" INTEGER NOT NULL,
    "withholdingCents" INTEGER NOT NULL DEFAULT 0,
    "seller" JSONB NOT NULL,
    "payer" JSONB NOT NULL,
    "lines" JSONB NOT NULL,
    "payment" JSONB,
    "orderReference" TEXT,
    "progressive" TEXT,
    "fileName" TEXT,
    "xml" TEXT,
    "emailedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BillingDocument_number_key" ON "BillingDocument"("number");
CREATE UNIQUE INDEX "BillingDocument_progressive_key" ON "BillingDocument"("progressive");
CREATE UNIQUE INDEX "BillingDocument_year_sequence_key" ON "BillingDocument"("year", "sequence");
CREATE INDEX "BillingDocument_studentId_idx" ON "BillingDocument"("studentId");
CREATE INDEX "BillingDocument_orderId_idx" ON "BillingDocument"("orderId");

-- AddForeignKey
ALTER TABLE "BillingDocument" ADD CONSTRAINT "BillingDocument_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "BookingOrder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "BillingDocument" ADD CONSTRAINT "BillingDocument_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "BillingDocument" ADD CONSTRAINT "BillingDocument_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "BillingDocument" ADD CONSTRAINT "BillingDocument_correctsId_fkey" FOREIGN KEY ("correctsId") REFERENCES "BillingDocument"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Issued documents are never changed: the database refuses an UPDATE of what they print, and a
-- DELETE, whatever the application does (only emailedAt may be stamped).
CREATE FUNCTION "billing_document_immutable"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'issued documents are never deleted';
  END IF;
  IF (to_jsonb(NEW) - 'emailedAt' - 'studentId') IS DISTINCT FROM (to_jsonb(OLD) - 'emailedAt' - 'studentId') THEN
    RAISE EXCEPTION 'issued documents are never edited';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "BillingDocument_immutable" BEFORE UPDATE OR DELETE ON "BillingDocument"
  FOR EACH ROW EXECUTE FUNCTION "billing_document_immutable"();
