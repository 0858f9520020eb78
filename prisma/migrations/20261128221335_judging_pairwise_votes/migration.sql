-- CreateTable
CREATE TABLE "pairwise_decisions" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "winnerId" TEXT NOT NULL,
    "loserId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "pairwise_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairwise_judge_states" (
    "roundId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "alpha" DOUBLE PRECISION NOT NULL DEFAULT 10,
    "beta" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "previousId" TEXT,
    "currentId" TEXT,
    "viewingSince" TIMESTAMP(3),

    CONSTRAINT "pairwise_judge_states_pkey" PRIMARY KEY ("roundId","judgeId")
);

-- CreateTable
CREATE TABLE "pairwise_entry_states" (
    "roundId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "sigmaSq" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "pairwise_entry_states_pkey" PRIMARY KEY ("roundId","submissionId")
);

-- CreateTable
CREATE TABLE "public_votes" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "voterId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidedAt" TIMESTAMP(3),
    "voidReason" TEXT,

    CONSTRAINT "public_votes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pairwise_decisions_roundId_createdAt_idx" ON "pairwise_decisions"("roundId", "createdAt");

-- CreateIndex
CREATE INDEX "pairwise_decisions_roundId_judgeId_createdAt_idx" ON "pairwise_decisions"("roundId", "judgeId", "createdAt");

-- CreateIndex
CREATE INDEX "public_votes_roundId_submissionId_idx" ON "public_votes"("roundId", "submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "public_votes_roundId_voterId_submissionId_key" ON "public_votes"("roundId", "voterId", "submissionId");

-- AddForeignKey
ALTER TABLE "pairwise_decisions" ADD CONSTRAINT "pairwise_decisions_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_decisions" ADD CONSTRAINT "pairwise_decisions_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_decisions" ADD CONSTRAINT "pairwise_decisions_winnerId_fkey" FOREIGN KEY ("winnerId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_decisions" ADD CONSTRAINT "pairwise_decisions_loserId_fkey" FOREIGN KEY ("loserId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_judge_states" ADD CONSTRAINT "pairwise_judge_states_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_judge_states" ADD CONSTRAINT "pairwise_judge_states_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_entry_states" ADD CONSTRAINT "pairwise_entry_states_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_entry_states" ADD CONSTRAINT "pairwise_entry_states_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "public_votes" ADD CONSTRAINT "public_votes_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "judging_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "public_votes" ADD CONSTRAINT "public_votes_voterId_fkey" FOREIGN KEY ("voterId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "public_votes" ADD CONSTRAINT "public_votes_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
