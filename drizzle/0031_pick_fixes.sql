CREATE TABLE "take_fixes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"prop_id" uuid NOT NULL,
	"receipt_id" text NOT NULL,
	"before_take_id" uuid,
	"after_take_id" uuid,
	"before_side" text,
	"after_side" text,
	"points_before" integer NOT NULL,
	"points_after" integer NOT NULL,
	"tokens_before_cents" integer NOT NULL,
	"tokens_after_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_profile_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "take_fixes_sides" CHECK ("take_fixes"."before_side" in ('A', 'B') or "take_fixes"."after_side" in ('A', 'B')),
	CONSTRAINT "take_fixes_changes" CHECK ("take_fixes"."before_side" is distinct from "take_fixes"."after_side")
);
--> statement-breakpoint
ALTER TABLE "take_fixes" ADD CONSTRAINT "take_fixes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_fixes" ADD CONSTRAINT "take_fixes_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_fixes" ADD CONSTRAINT "take_fixes_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_fixes" ADD CONSTRAINT "take_fixes_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_fixes" ADD CONSTRAINT "take_fixes_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "take_fixes_idempotency_key" ON "take_fixes" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "take_fixes_profile_pack_idx" ON "take_fixes" USING btree ("profile_id","pack_id","created_at");