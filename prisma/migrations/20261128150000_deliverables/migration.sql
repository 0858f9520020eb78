-- CreateEnum
CREATE TYPE "DeliverableKind" AS ENUM ('FILE', 'URL', 'TEXT');

-- CreateTable
CREATE TABLE "deliverables" (
    "id" TEXT NOT NULL,
    "challengeId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "guidance" TEXT,
    "kind" "DeliverableKind" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "dueAt" TIMESTAMP(3),
    "acceptedKinds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "maxBytes" INTEGER,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deliverables_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deliverables_challengeId_position_idx" ON "deliverables"("challengeId", "position");

-- AddForeignKey
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_challengeId_fkey" FOREIGN KEY ("challengeId") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
