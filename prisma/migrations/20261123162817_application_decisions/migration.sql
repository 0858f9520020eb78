-- AlterTable
ALTER TABLE "challenge_participants" ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "decisionNote" TEXT;
