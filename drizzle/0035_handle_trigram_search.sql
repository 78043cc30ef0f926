-- The admin players search finds a handle by any part (issue 41 item 7, docs/decisions/065-status-follows-the-clock.md):
-- pg_trgm's GIN index serves lower(handle) LIKE '%part%' for parts of three characters or more.
-- pg_trgm is a trusted extension (PostgreSQL 13+) and PGlite loads it (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "profiles_handle_trgm_idx" ON "profiles" USING gin (lower("handle") gin_trgm_ops);
