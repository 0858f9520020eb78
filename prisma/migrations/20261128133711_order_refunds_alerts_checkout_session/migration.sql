/*
  Warnings:

  - A unique constraint covering the columns `[stripeCheckoutSessionId]` on the table `orders` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "OrderEventKind" ADD VALUE 'REFUNDED';
ALTER TYPE "OrderEventKind" ADD VALUE 'REFUND_FAILED';
ALTER TYPE "OrderEventKind" ADD VALUE 'ALERT_RAISED';
ALTER TYPE "OrderEventKind" ADD VALUE 'ALERT_HANDLED';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "printifyAlert" TEXT,
ADD COLUMN     "refundDue" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "refundedAt" TIMESTAMP(3),
ADD COLUMN     "stripeCheckoutSessionId" TEXT,
ADD COLUMN     "stripeRefundId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "orders_stripeCheckoutSessionId_key" ON "orders"("stripeCheckoutSessionId");

-- CreateIndex
CREATE INDEX "orders_printifyAlert_idx" ON "orders"("printifyAlert");
