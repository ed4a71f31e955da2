-- AlterTable
ALTER TABLE "BookingOrder" ADD COLUMN     "number" SERIAL NOT NULL;

-- CreateTable
CREATE TABLE "BillingProfile" (
    "id" TEXT NOT NULL DEFAULT 'site',
    "regime" TEXT NOT NULL DEFAULT 'none',
    "legalName" TEXT NOT NULL DEFAULT '',
    "taxCode" TEXT,
    "vatNumber" TEXT,
    "street" TEXT NOT NULL DEFAULT '',
    "zip" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "province" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT 'IT',
    "iban" TEXT,
    "bic" TEXT,
    "satispayLink" TEXT,
    "paypalLink" TEXT,
    "cardLink" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BillingProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PayerBilling" (
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "taxCode" TEXT,
    "vatNumber" TEXT,
    "sdiCode" TEXT,
    "pec" TEXT,
    "street" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "province" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PayerBilling_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "BookingOrder_number_key" ON "BookingOrder"("number");

-- AddForeignKey
ALTER TABLE "PayerBilling" ADD CONSTRAINT "PayerBilling_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

