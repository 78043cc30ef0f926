CREATE TABLE "prop_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prop_id" uuid NOT NULL,
	"side_a_moneyline" integer,
	"side_b_moneyline" integer,
	"source" text NOT NULL,
	"actor_profile_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prop_prices_source" CHECK (source in ('authoring', 'copy', 'slate', 'odds_refresh')),
	CONSTRAINT "prop_prices_moneylines_valid" CHECK (("prop_prices"."side_a_moneyline" is null or abs("prop_prices"."side_a_moneyline") >= 100)
        and ("prop_prices"."side_b_moneyline" is null or abs("prop_prices"."side_b_moneyline") >= 100))
);
--> statement-breakpoint
ALTER TABLE "prop_prices" ADD CONSTRAINT "prop_prices_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_prices" ADD CONSTRAINT "prop_prices_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_prices_prop_time_idx" ON "prop_prices" USING btree ("prop_id","recorded_at","id");--> statement-breakpoint
-- Every prop made before the line history began starts it with the price it has now (decision 056).
INSERT INTO "prop_prices" ("prop_id", "side_a_moneyline", "side_b_moneyline", "source", "recorded_at")
SELECT "id", "side_a_moneyline", "side_b_moneyline", 'authoring', "created_at" FROM "props";
