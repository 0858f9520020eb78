-- Full-text search over a challenge: title weighs most, then the card text, then the full description.
-- A stored generated column keeps itself current on every write, and the GIN index serves the match operator.
ALTER TABLE "challenges" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce("fullDescription", '')), 'C')
) STORED;

CREATE INDEX "challenges_search_idx" ON "challenges" USING GIN ("search");

-- Keyset pagination of the public list, in (startDate, id) order. One status walks its own slice of the first
-- index. Several statuses (All Status is ACTIVE and UPCOMING) walk the second in order and filter, where the first
-- would have to sort every matching row before the first page.
DROP INDEX IF EXISTS "challenges_status_startDate_idx";
CREATE INDEX "challenges_status_startDate_id_idx" ON "challenges" ("status", "startDate", "id");
CREATE INDEX "challenges_startDate_id_idx" ON "challenges" ("startDate", "id");
