-- The admin players screen (issue 24 item 6, docs/decisions/034-players-screen.md): a suspended
-- player is refused at sign-in, and suspending also bumps session_version so their open sessions
-- end (docs/decisions/018-redirects-and-session-revocation.md).
ALTER TABLE "profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
-- Search by handle prefix, paged by keyset in the same order: byte order ("C") makes LIKE 'abc%'
-- an index range and matches the cursor comparison (handles are ASCII letters, digits and _).
CREATE INDEX "profiles_handle_search_idx" ON "profiles" USING btree ((lower("handle") COLLATE "C"));
