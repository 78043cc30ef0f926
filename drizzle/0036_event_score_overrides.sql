CREATE TABLE "event_score_overrides" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"reason" text,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_score_overrides_status" CHECK ("event_score_overrides"."status" in ('final', 'postponed', 'suspended')),
	CONSTRAINT "event_score_overrides_scores" CHECK (("event_score_overrides"."status" = 'final' and "event_score_overrides"."home_score" >= 0 and "event_score_overrides"."away_score" >= 0) or ("event_score_overrides"."status" <> 'final' and "event_score_overrides"."home_score" is null and "event_score_overrides"."away_score" is null))
);
--> statement-breakpoint
ALTER TABLE "event_score_overrides" ADD CONSTRAINT "event_score_overrides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_score_overrides" ADD CONSTRAINT "event_score_overrides_set_by_profiles_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;