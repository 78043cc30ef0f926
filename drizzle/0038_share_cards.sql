CREATE TABLE "share_cards" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"version" text NOT NULL,
	"png" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_cards_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "share_cards_rendered_at_idx" ON "share_cards" USING btree ("rendered_at");