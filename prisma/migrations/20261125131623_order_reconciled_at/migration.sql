-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "lastReconciledAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "orders_orderType_status_lastReconciledAt_idx" ON "orders"("orderType", "status", "lastReconciledAt");
