-- Full-text search reads one GIN index per status instead of one over every row (decision 008, issue 17).
-- A search always names its statuses (the public list never shows DRAFT, All Status is ACTIVE and UPCOMING),
-- so it now reads only the matching rows of those statuses. At 1,000,000 rows a topic word matched 2,500 rows
-- and the open-status search threw a third of them away after reading their heap pages. Each row sits in exactly
-- one of these indexes, so together they are the size of the index they replace and a write updates one of them.
-- The list query writes its statuses as status = A OR status = B, the form PostgreSQL combines with BitmapOr.
-- fastupdate off: with it on, new entries wait in a pending list of up to 4 MB per index that every search scans
-- until a vacuum merges it (measured after a bulk load of 1,000,000 rows: 8.5 of a search 14 ms). Challenges are
-- written by their managers now and then and searched by everyone, so a write updates the index at once instead.
-- Prisma does not model partial indexes without a preview feature, so schema.prisma leaves these out and
-- db:check-migrations ignores them.
CREATE INDEX "challenges_search_upcoming_idx" ON "challenges" USING GIN ("search") WITH (fastupdate = off) WHERE ("status" = 'UPCOMING'::"ChallengeStatus");
CREATE INDEX "challenges_search_active_idx" ON "challenges" USING GIN ("search") WITH (fastupdate = off) WHERE ("status" = 'ACTIVE'::"ChallengeStatus");
CREATE INDEX "challenges_search_completed_idx" ON "challenges" USING GIN ("search") WITH (fastupdate = off) WHERE ("status" = 'COMPLETED'::"ChallengeStatus");
CREATE INDEX "challenges_search_draft_idx" ON "challenges" USING GIN ("search") WITH (fastupdate = off) WHERE ("status" = 'DRAFT'::"ChallengeStatus");

-- Built before the old index goes, so searches keep an index while these build.
DROP INDEX "challenges_search_idx";
