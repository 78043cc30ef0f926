-- Current, non-void takes per prop, kept by the leaderboard queue drain and
-- rebuild (src/server/leaderboards), so pack cards, admin lists and the prop
-- grader read "N fan takes" from a few rows per pack instead of counting every
-- take per request (docs/decisions/024-season-scale.md, issue 20).
CREATE TABLE "prop_take_counts" (
	"prop_id" uuid PRIMARY KEY NOT NULL,
	"pack_id" uuid NOT NULL,
	"takes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prop_take_counts" ADD CONSTRAINT "prop_take_counts_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_take_counts_pack_idx" ON "prop_take_counts" USING btree ("pack_id","takes");--> statement-breakpoint
-- The counts of the takes already there, minus the changes still queued (the next drain adds
-- those, as it does for the totals), read in one statement's snapshot under the drain's lock.
SELECT pg_advisory_xact_lock(727005);--> statement-breakpoint
INSERT INTO "prop_take_counts" ("prop_id", "pack_id", "takes")
SELECT c.prop_id, c.pack_id, sum(c.takes)::int
FROM (
  SELECT t.prop_id, t.pack_id, count(*) AS takes FROM "takes" t
  WHERE t.is_current AND t.result <> 'void' GROUP BY t.prop_id, t.pack_id
  UNION ALL
  SELECT q.prop_id, q.pack_id, -sum(q.takes) FROM "leaderboard_queue" q GROUP BY q.prop_id, q.pack_id
) c
WHERE EXISTS (SELECT 1 FROM "props" p WHERE p.id = c.prop_id)
GROUP BY c.prop_id, c.pack_id;
