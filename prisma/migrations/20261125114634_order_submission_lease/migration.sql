-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "submissionLockedUntil" TIMESTAMP(3);
