CREATE TABLE "pack_reminder_requests" (
	"profile_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pack_reminder_requests_profile_id_pack_id_pk" PRIMARY KEY("profile_id","pack_id")
);
--> statement-breakpoint
ALTER TABLE "pack_reminder_requests" ADD CONSTRAINT "pack_reminder_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_reminder_requests" ADD CONSTRAINT "pack_reminder_requests_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_reminder_requests_pack_idx" ON "pack_reminder_requests" USING btree ("pack_id");