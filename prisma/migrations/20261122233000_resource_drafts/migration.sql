-- Resources spawned by archiving a challenge start as drafts, hidden from the public library until published.
ALTER TABLE "resources" ADD COLUMN "draft" BOOLEAN NOT NULL DEFAULT false;
