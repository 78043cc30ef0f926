CREATE TABLE "leaderboard_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"prop_id" uuid NOT NULL,
	"take_created_at" timestamp with time zone NOT NULL,
	"points" integer NOT NULL,
	"won" integer NOT NULL,
	"lost" integer NOT NULL,
	"pushed" integer NOT NULL,
	"takes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_score_counts" (
	"scope" text NOT NULL,
	"points" integer NOT NULL,
	"won" integer NOT NULL,
	"profiles" integer NOT NULL,
	CONSTRAINT "leaderboard_score_counts_scope_points_won_pk" PRIMARY KEY("scope","points","won")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_totals" DROP CONSTRAINT "leaderboard_totals_profile_id_profiles_id_fk";
--> statement-breakpoint
DROP INDEX "leaderboard_totals_rank_idx";--> statement-breakpoint
ALTER TABLE "leaderboard_totals" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "grade_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "leaderboard_totals_profile_idx" ON "leaderboard_totals" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "leaderboard_totals_rank_idx" ON "leaderboard_totals" USING btree ("scope","points" DESC NULLS LAST,"won" DESC NULLS LAST,lower("handle"));