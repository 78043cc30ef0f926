-- Handles a profile went by before it chose its username (issue 39): a share link made with the first
-- automatic handle still credits its player after a rename. Keyed by the lower-cased handle.
CREATE TABLE "previous_handles" (
	"handle_key" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "previous_handles" ADD CONSTRAINT "previous_handles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;