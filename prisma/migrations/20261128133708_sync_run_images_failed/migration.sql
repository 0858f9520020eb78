-- AlterTable
ALTER TABLE "merch_sync_runs" ADD COLUMN     "imagesFailed" INTEGER NOT NULL DEFAULT 0;
