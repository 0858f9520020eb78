-- Billing (issue 9) - a member may cancel a plan at the end of its paid period, and resume it before then.
-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false;
