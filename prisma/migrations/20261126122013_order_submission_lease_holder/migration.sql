-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "submissionLockedBy" TEXT;
