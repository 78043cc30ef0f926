-- Game day, live (docs/decisions/053-game-day-live.md): each game's live reading (state, period, clock,
-- when it was read) and a version from one sequence that live streams send as event ids; the live
-- poller's state per league and day, with its backoff.
CREATE SEQUENCE "public"."events_live_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "live_polls" (
	"league" text NOT NULL,
	"day" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	CONSTRAINT "live_polls_league_day_pk" PRIMARY KEY("league","day")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_state" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "period" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "clock" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "score_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_version" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_live_state" CHECK (live_state is null or live_state in ('scheduled', 'in_progress', 'halftime', 'delayed', 'final', 'postponed', 'suspended', 'cancelled'));