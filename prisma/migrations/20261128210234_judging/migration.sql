-- CreateEnum
CREATE TYPE "RoundMethod" AS ENUM ('RUBRIC', 'PAIRWISE', 'PUBLIC_VOTE');

-- CreateEnum
CREATE TYPE "RoundState" AS ENUM ('DRAFT', 'OPEN', 'CLOSED', 'PUBLISHED');

-- CreateEnum
CREATE TYPE "RankBy" AS ENUM ('NORMALISED', 'MEAN');

-- CreateEnum
CREATE TYPE "FeedbackVisibility" AS ENUM ('PRIVATE', 'ENTRANT');

-- CreateEnum
CREATE TYPE "EligibilityVerdict" AS ENUM ('PASS', 'FAIL');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "affiliations" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "judges" (
    "challengeId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "addedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judges_pkey" PRIMARY KEY ("challengeId","userId")
);

-- CreateTable
CREATE TABLE "judge_invitations" (
    "id" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "judge_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judging_rounds" (
    "id" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "method" "RoundMethod" NOT NULL,
    "state" "RoundState" NOT NULL DEFAULT 'DRAFT',
    "judgesPerEntry" INTEGER NOT NULL DEFAULT 3,
    "carryForward" INTEGER,
    "voteLimit" INTEGER NOT NULL DEFAULT 3,
    "rankBy" "RankBy" NOT NULL DEFAULT 'NORMALISED',
    "opensAt" TIMESTAMP(3),
    "closesAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "judging_rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judging_criteria" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "guidance" TEXT,
    "min" DOUBLE PRECISION NOT NULL,
    "max" DOUBLE PRECISION NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "visibility" "FeedbackVisibility" NOT NULL DEFAULT 'PRIVATE',

    CONSTRAINT "judging_criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eligibility_checks" (
    "submissionId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "verdict" "EligibilityVerdict" NOT NULL,
    "reason" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eligibility_checks_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "round_entries" (
    "roundId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,

    CONSTRAINT "round_entries_pkey" PRIMARY KEY ("roundId","submissionId")
);

-- CreateTable
CREATE TABLE "judge_assignments" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "recusedAt" TIMESTAMP(3),
    "recusalReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_scores" (
    "assignmentId" TEXT NOT NULL,
    "criterionId" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "comment" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "judge_scores_pkey" PRIMARY KEY ("assignmentId","criterionId")
);

-- CreateTable
CREATE TABLE "round_results" (
    "roundId" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "snapshot" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "publishedById" TEXT,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "round_results_pkey" PRIMARY KEY ("roundId")
);

-- CreateTable
CREATE TABLE "awards" (
    "id" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "awards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "judges_userId_idx" ON "judges"("userId");

-- CreateIndex
CREATE INDEX "judge_invitations_email_idx" ON "judge_invitations"("email");

-- CreateIndex
CREATE UNIQUE INDEX "judge_invitations_challengeId_email_key" ON "judge_invitations"("challengeId", "email");

-- CreateIndex
CREATE INDEX "judging_rounds_state_closesAt_idx" ON "judging_rounds"("state", "closesAt");

-- CreateIndex
CREATE UNIQUE INDEX "judging_rounds_challengeId_position_key" ON "judging_rounds"("challengeId", "position");

-- CreateIndex
CREATE INDEX "judging_criteria_roundId_position_idx" ON "judging_criteria"("roundId", "position");

-- CreateIndex
CREATE INDEX "eligibility_checks_challengeId_verdict_idx" ON "eligibility_checks"("challengeId", "verdict");

-- CreateIndex
CREATE INDEX "round_entries_submissionId_idx" ON "round_entries"("submissionId");

-- CreateIndex
CREATE INDEX "judge_assignments_judgeId_roundId_idx" ON "judge_assignments"("judgeId", "roundId");

-- CreateIndex
CREATE INDEX "judge_assignments_roundId_submissionId_idx" ON "judge_assignments"("roundId", "submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "judge_assignments_roundId_submissionId_judgeId_key" ON "judge_assignments"("roundId", "submissionId", "judgeId");

-- CreateIndex
CREATE INDEX "judge_scores_criterionId_idx" ON "judge_scores"("criterionId");

-- CreateIndex
CREATE INDEX "round_results_challengeId_publishedAt_idx" ON "round_results"("challengeId", "publishedAt");

-- CreateIndex
CREATE INDEX "awards_challengeId_rank_idx" ON "awards"("challengeId", "rank");

-- AddForeignKey
ALTER TABLE "judges" ADD CONSTRAINT "judges_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judges" ADD CONSTRAINT "judges_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_invitations" ADD CONSTRAINT "judge_invitations_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judging_rounds" ADD CONSTRAINT "judging_rounds_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judging_criteria" ADD CONSTRAINT "judging_criteria_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eligibility_checks" ADD CONSTRAINT "eligibility_checks_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eligibility_checks" ADD CONSTRAINT "eligibility_checks_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_assignments" ADD CONSTRAINT "judge_assignments_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_assignments" ADD CONSTRAINT "judge_assignments_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_assignments" ADD CONSTRAINT "judge_assignments_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "judge_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_criterionId_fkey" FOREIGN KEY ("criterionId") REFERENCES "judging_criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "round_results" ADD CONSTRAINT "round_results_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "awards" ADD CONSTRAINT "awards_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "awards" ADD CONSTRAINT "awards_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
