-- CreateIndex
CREATE INDEX "submissions_challengeId_createdAt_id_idx" ON "submissions"("challengeId", "createdAt", "id");
