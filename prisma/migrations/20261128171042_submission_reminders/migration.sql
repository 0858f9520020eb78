-- CreateTable
CREATE TABLE "submission_reminders" (
    "submissionId" TEXT NOT NULL,
    "deliverableId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submission_reminders_pkey" PRIMARY KEY ("submissionId","deliverableId")
);

-- CreateIndex
CREATE INDEX "submission_reminders_deliverableId_idx" ON "submission_reminders"("deliverableId");

-- AddForeignKey
ALTER TABLE "submission_reminders" ADD CONSTRAINT "submission_reminders_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submission_reminders" ADD CONSTRAINT "submission_reminders_deliverableId_fkey" FOREIGN KEY ("deliverableId") REFERENCES "deliverables"("id") ON DELETE CASCADE ON UPDATE CASCADE;
