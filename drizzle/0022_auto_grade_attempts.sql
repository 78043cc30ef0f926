-- The auto-grader's per-prop run log, "why not graded yet" (issue 24 item 1,
-- docs/decisions/041-auto-grade-run-log.md): the last few attempts per prop, repeats folded into one row.
CREATE TABLE "auto_grade_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prop_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "auto_grade_attempts_outcome" CHECK (outcome in ('graded', 'waiting', 'skipped', 'error'))
);
--> statement-breakpoint
ALTER TABLE "auto_grade_attempts" ADD CONSTRAINT "auto_grade_attempts_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_grade_attempts_prop_idx" ON "auto_grade_attempts" USING btree ("prop_id","last_at");