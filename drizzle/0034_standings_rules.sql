CREATE TABLE "standings_rules" (
	"scope" text PRIMARY KEY NOT NULL,
	"tie_break" text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standings_rules_scope_shape" CHECK ("standings_rules"."scope" ~ '^(league:[a-z]+:season:[0-9]{4}|contest:[0-9a-f-]{36})$'),
	CONSTRAINT "standings_rules_tie_break_steps" CHECK ("standings_rules"."tie_break" <@ array['won', 'earliest', 'most_picks', 'fewest_picks']::text[] and cardinality("standings_rules"."tie_break") <= 4)
);
--> statement-breakpoint
ALTER TABLE "standings_rules" ADD CONSTRAINT "standings_rules_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;