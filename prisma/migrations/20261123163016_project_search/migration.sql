-- Full-text search over a project: the title weighs most, then the summary, then the problem and solution,
-- then the insights. A stored generated column keeps itself current on every write, and the GIN index serves
-- the match operator.
ALTER TABLE "projects" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce("problem", '') || ' ' || coalesce("solution", '')), 'C') ||
  setweight(to_tsvector('english'::regconfig, coalesce("insights", '')), 'D')
) STORED;

CREATE INDEX "projects_search_idx" ON "projects" USING GIN ("search");

-- Keyset pagination of the public list, newest first, in (createdAt, id) order.
DROP INDEX IF EXISTS "projects_createdAt_idx";
CREATE INDEX "projects_createdAt_id_idx" ON "projects" ("createdAt" DESC, "id" DESC);
