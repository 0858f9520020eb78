-- Local test payments (issue 14 item 4) in the database, claimed atomically. The annual price default lives only in
-- DEFAULT_ANNUAL_PRICE (api/src/modules/settings/schema.ts), so the column loses its own default.
-- CreateEnum
CREATE TYPE "TestPaymentStatus" AS ENUM ('OPEN', 'PAYING', 'PAID', 'CANCELED');

-- AlterTable
ALTER TABLE "settings" ALTER COLUMN "annualSubscriptionPrice" DROP DEFAULT;

-- CreateTable
CREATE TABLE "test_payments" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resourceId" TEXT,
    "name" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "successUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "status" "TestPaymentStatus" NOT NULL DEFAULT 'OPEN',
    "idempotencyKey" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "test_payments_idempotencyKey_key" ON "test_payments"("idempotencyKey");

-- CreateIndex
CREATE INDEX "test_payments_expiresAt_idx" ON "test_payments"("expiresAt");
