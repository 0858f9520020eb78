-- Usernames and e-mail addresses are unique regardless of case, and looked up with lower(x) = lower($1): a literal
-- comparison in which % and _ are ordinary characters (ILIKE made them wildcards: adm_n signed in as admin).
-- These expression indexes serve those lookups and close the race of two sign-ups as Ada and ada.
-- The Prisma schema language cannot express them, so they live in migrations only (docs/decisions/004).
-- (No quote characters in these comments: the schema engine splits scripts on PostgreSQL and reads them as strings.)
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" (lower("username"));
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" (lower("email"));
