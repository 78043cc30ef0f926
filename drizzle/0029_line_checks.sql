CREATE TABLE "line_checks" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"line_type" text,
	"country_code" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "line_checks_checked_at_idx" ON "line_checks" USING btree ("checked_at");