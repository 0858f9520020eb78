-- CreateEnum
CREATE TYPE "OrderEventKind" AS ENUM ('PAID', 'SUBMITTED', 'SUBMISSION_FAILED', 'RETRY_REQUESTED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'STATUS_CHANGED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "MerchSyncStatus" AS ENUM ('RUNNING', 'SUCCEEDED', 'FAILED');

-- AlterTable
ALTER TABLE "merchandise" ADD COLUMN     "isDemo" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "syncedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "addressTo" JSONB,
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "merchandiseVariantId" TEXT,
ADD COLUMN     "printifyShopId" TEXT,
ADD COLUMN     "printifyStatus" TEXT,
ADD COLUMN     "quantity" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "shipments" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "shippedAt" TIMESTAMP(3),
ADD COLUMN     "submissionAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "submissionError" TEXT,
ADD COLUMN     "submittedAt" TIMESTAMP(3),
ADD COLUMN     "trackingUrl" TEXT;

-- CreateTable
CREATE TABLE "order_events" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "kind" "OrderEventKind" NOT NULL,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "merch_sync_runs" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "activeShopId" TEXT,
    "status" "MerchSyncStatus" NOT NULL DEFAULT 'RUNNING',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unavailable" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedById" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "merch_sync_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "printify_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "resourceId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "printify_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_events_orderId_createdAt_idx" ON "order_events"("orderId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "merch_sync_runs_activeShopId_key" ON "merch_sync_runs"("activeShopId");

-- CreateIndex
CREATE INDEX "merch_sync_runs_shopId_startedAt_idx" ON "merch_sync_runs"("shopId", "startedAt");

-- CreateIndex
CREATE INDEX "orders_orderType_createdAt_idx" ON "orders"("orderType", "createdAt");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchandiseVariantId_fkey" FOREIGN KEY ("merchandiseVariantId") REFERENCES "merchandise_variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
