-- CreateEnum
CREATE TYPE "WebhookStatus" AS ENUM ('RECEIVED', 'PROCESSED', 'FAILED');

-- AlterTable
ALTER TABLE "printify_events" ADD COLUMN     "error" TEXT,
ADD COLUMN     "payload" JSONB,
ADD COLUMN     "processedAt" TIMESTAMP(3),
ADD COLUMN     "status" "WebhookStatus" NOT NULL DEFAULT 'RECEIVED',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "stripe_events" ADD COLUMN     "error" TEXT,
ADD COLUMN     "payload" JSONB,
ADD COLUMN     "processedAt" TIMESTAMP(3),
ADD COLUMN     "status" "WebhookStatus" NOT NULL DEFAULT 'RECEIVED',
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Rows from before the ledger were written in the transaction of their effect: they were processed.
UPDATE "printify_events" SET "status" = 'PROCESSED', "processedAt" = "receivedAt";
UPDATE "stripe_events" SET "status" = 'PROCESSED', "processedAt" = "receivedAt";

-- CreateIndex
CREATE INDEX "printify_events_receivedAt_id_idx" ON "printify_events"("receivedAt", "id");

-- CreateIndex
CREATE INDEX "printify_events_status_receivedAt_id_idx" ON "printify_events"("status", "receivedAt", "id");

-- CreateIndex
CREATE INDEX "stripe_events_receivedAt_id_idx" ON "stripe_events"("receivedAt", "id");

-- CreateIndex
CREATE INDEX "stripe_events_status_receivedAt_id_idx" ON "stripe_events"("status", "receivedAt", "id");
