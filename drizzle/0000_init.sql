CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_profile_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"tokens_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_claims" integer,
	"claims_count" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"redirect_team_id" uuid,
	"requirement_key" text,
	"requirement_team_id" uuid,
	"target_type" text,
	"target_team_id" uuid,
	"target_series_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_cards_kind" CHECK (kind in ('award', 'promo')),
	CONSTRAINT "award_cards_kind_tokens" CHECK (("award_cards"."kind" = 'award' and "award_cards"."tokens_cents" > 0) or ("award_cards"."kind" = 'promo' and "award_cards"."tokens_cents" = 0)),
	CONSTRAINT "award_cards_status" CHECK (status in ('available', 'disabled')),
	CONSTRAINT "award_cards_cap" CHECK ("award_cards"."max_claims" is null or ("award_cards"."max_claims" > 0 and "award_cards"."claims_count" <= "award_cards"."max_claims")),
	CONSTRAINT "award_cards_requirement" CHECK ("award_cards"."requirement_key" is null or ("award_cards"."requirement_key" = 'follow_team' and "award_cards"."requirement_team_id" is not null)),
	CONSTRAINT "award_cards_target" CHECK ("award_cards"."target_type" is null or "award_cards"."target_type" in ('team', 'series'))
);
--> statement-breakpoint
CREATE TABLE "award_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"award_card_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"tokens_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_packs" (
	"contest_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	CONSTRAINT "contest_packs_contest_id_pack_id_pk" PRIMARY KEY("contest_id","pack_id")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"details" text,
	"cover_url" text,
	"prize" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"winner_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league" text NOT NULL,
	"espn_event_id" text,
	"title" text NOT NULL,
	"short_name" text,
	"start_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"status_detail" text,
	"home_team_id" uuid,
	"away_team_id" uuid,
	"home_score" integer,
	"away_score" integer,
	"venue" text,
	"neutral_site" boolean DEFAULT false NOT NULL,
	"season_year" integer,
	"season_type" integer,
	"week" integer,
	"cover_url" text,
	"odds" jsonb,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_league" CHECK (league in ('nfl', 'mlb')),
	CONSTRAINT "events_status" CHECK (status in ('scheduled', 'in_progress', 'final', 'postponed', 'suspended', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"item_code_id" uuid,
	"tokens" integer NOT NULL,
	"contact" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_tokens_positive" CHECK ("exchanges"."tokens" > 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"team_id" uuid,
	"series_id" uuid,
	"sms_consent" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_one_target" CHECK (("follows"."team_id" is null) <> ("follows"."series_id" is null))
);
--> statement-breakpoint
CREATE TABLE "h2h_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"challenger_profile_id" uuid NOT NULL,
	"challenged_profile_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"winner_profile_id" uuid,
	"outcome" text,
	"accepted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h2h_not_self" CHECK ("h2h_challenges"."challenger_profile_id" <> "h2h_challenges"."challenged_profile_id"),
	CONSTRAINT "h2h_status" CHECK (status in ('pending', 'accepted', 'declined', 'settled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "item_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"code" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tokens" integer NOT NULL,
	"description" text,
	"image_url" text,
	"brand" text,
	"status" text DEFAULT 'available' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"requires_shipping" boolean DEFAULT false NOT NULL,
	"team_images" jsonb,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_tokens_positive" CHECK ("items"."tokens" > 0),
	CONSTRAINT "items_status" CHECK (status in ('available', 'hidden', 'sold-out'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK (status in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "leaderboard_totals" (
	"scope" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"pushed" integer DEFAULT 0 NOT NULL,
	"takes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_totals_scope_profile_id_pk" PRIMARY KEY("scope","profile_id")
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_codes_attempts_nonneg" CHECK ("login_codes"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_passwords" (
	"password_id" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_events" (
	"pack_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_events_pack_id_event_id_pk" PRIMARY KEY("pack_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "pack_graded_views" (
	"profile_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pack_graded_views_profile_id_pack_id_pk" PRIMARY KEY("profile_id","pack_id")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_url" text NOT NULL,
	"title" text NOT NULL,
	"league" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cover_url" text,
	"summary" text,
	"prize_title" text,
	"prize_image_url" text,
	"prize_points" integer,
	"prize_summary" text,
	"open_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"featured" boolean DEFAULT false NOT NULL,
	"is_super_prop" boolean DEFAULT false NOT NULL,
	"creator_profile_id" uuid,
	"winner_profile_id" uuid,
	"winner_points" integer,
	"winners_set_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"open_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packs_league" CHECK (league in ('nfl', 'mlb')),
	CONSTRAINT "packs_status" CHECK (status in ('draft', 'coming-soon', 'open', 'live', 'graded', 'archived')),
	CONSTRAINT "packs_url_shape" CHECK ("packs"."pack_url" ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
	CONSTRAINT "packs_window_order" CHECK ("packs"."open_time" is null or "packs"."close_time" is null or "packs"."open_time" < "packs"."close_time")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"espn_player_id" text NOT NULL,
	"full_name" text NOT NULL,
	"position" text,
	"jersey" text,
	"headshot_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"handle_is_generated" boolean DEFAULT true NOT NULL,
	"phone" text NOT NULL,
	"super_admin" boolean DEFAULT false NOT NULL,
	"favorite_team_id" uuid,
	"avatar_url" text,
	"sms_opt_out" boolean DEFAULT false NOT NULL,
	"sms_consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_phone_e164" CHECK ("profiles"."phone" ~ '^\+1[0-9]{10}$'),
	CONSTRAINT "profiles_handle_shape" CHECK ("profiles"."handle" ~ '^[A-Za-z0-9_]{3,20}$')
);
--> statement-breakpoint
CREATE TABLE "props" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"event_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"short_label" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"side_a_short" text NOT NULL,
	"side_b_short" text NOT NULL,
	"side_a_take" text NOT NULL,
	"side_b_take" text NOT NULL,
	"side_a_moneyline" integer,
	"side_b_moneyline" integer,
	"side_a_value" integer DEFAULT 250 NOT NULL,
	"side_b_value" integer DEFAULT 250 NOT NULL,
	"close_time" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"result_text" text,
	"grading_rule" text,
	"grading_params" jsonb,
	"thumbnail_url" text,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "props_status" CHECK (status in ('open', 'closed', 'gradedA', 'gradedB', 'push', 'void')),
	CONSTRAINT "props_side_values_positive" CHECK ("props"."side_a_value" > 0 and "props"."side_b_value" > 0),
	CONSTRAINT "props_moneylines_valid" CHECK (("props"."side_a_moneyline" is null or abs("props"."side_a_moneyline") >= 100)
        and ("props"."side_b_moneyline" is null or abs("props"."side_b_moneyline") >= 100)),
	CONSTRAINT "props_grading_rule" CHECK ("props"."grading_rule" is null or "props"."grading_rule" in ('who_wins', 'total_over_under', 'spread'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"referrer_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_id_shape" CHECK ("receipts"."id" ~ '^[A-Za-z0-9_-]{8,32}$')
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"cover_url" text,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_packs" (
	"series_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "series_packs_series_id_pack_id_pk" PRIMARY KEY("series_id","pack_id")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"profile_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_status" CHECK (status in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"category" text DEFAULT 'pack_open' NOT NULL,
	"scope_key" text NOT NULL,
	"league" text,
	"team_id" uuid,
	"series_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_one_scope" CHECK ((case when "subscriptions"."league" is null then 0 else 1 end
         + case when "subscriptions"."team_id" is null then 0 else 1 end
         + case when "subscriptions"."series_id" is null then 0 else 1 end) = 1)
);
--> statement-breakpoint
CREATE TABLE "takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"prop_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"receipt_id" text NOT NULL,
	"side" text NOT NULL,
	"locked_value" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"overwritten_at" timestamp with time zone,
	"result" text DEFAULT 'pending' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"tokens_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takes_side" CHECK ("takes"."side" in ('A', 'B')),
	CONSTRAINT "takes_result" CHECK (result in ('pending', 'won', 'lost', 'push', 'void')),
	CONSTRAINT "takes_locked_value_positive" CHECK ("takes"."locked_value" > 0),
	CONSTRAINT "takes_points_nonneg" CHECK ("takes"."points" >= 0 and "takes"."tokens_cents" >= 0),
	CONSTRAINT "takes_overwritten_not_current" CHECK (("takes"."is_current" and "takes"."overwritten_at" is null) or (not "takes"."is_current" and "takes"."overwritten_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league" text NOT NULL,
	"espn_team_id" text NOT NULL,
	"team_type" text DEFAULT 'team' NOT NULL,
	"slug" text NOT NULL,
	"abbreviation" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"location" text,
	"logo_url" text,
	"color" text,
	"alternate_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_league" CHECK (league in ('nfl', 'mlb')),
	CONSTRAINT "teams_type" CHECK (team_type in ('team', 'league'))
);
--> statement-breakpoint
CREATE TABLE "token_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"business_key" text NOT NULL,
	"reason" text,
	"take_id" uuid,
	"pack_id" uuid,
	"award_claim_id" uuid,
	"exchange_id" uuid,
	"actor_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_ledger_kind" CHECK (kind in ('take_payout', 'take_payout_reversal', 'award_claim', 'referral_bonus', 'exchange', 'h2h_bonus', 'admin_adjustment')),
	CONSTRAINT "token_ledger_nonzero" CHECK ("token_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_cards" ADD CONSTRAINT "award_cards_redirect_team_id_teams_id_fk" FOREIGN KEY ("redirect_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_cards" ADD CONSTRAINT "award_cards_requirement_team_id_teams_id_fk" FOREIGN KEY ("requirement_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_cards" ADD CONSTRAINT "award_cards_target_team_id_teams_id_fk" FOREIGN KEY ("target_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_cards" ADD CONSTRAINT "award_cards_target_series_id_series_id_fk" FOREIGN KEY ("target_series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_claims" ADD CONSTRAINT "award_claims_award_card_id_award_cards_id_fk" FOREIGN KEY ("award_card_id") REFERENCES "public"."award_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_claims" ADD CONSTRAINT "award_claims_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_packs" ADD CONSTRAINT "contest_packs_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_packs" ADD CONSTRAINT "contest_packs_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_winner_profile_id_profiles_id_fk" FOREIGN KEY ("winner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_item_code_id_item_codes_id_fk" FOREIGN KEY ("item_code_id") REFERENCES "public"."item_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD CONSTRAINT "h2h_challenges_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD CONSTRAINT "h2h_challenges_challenger_profile_id_profiles_id_fk" FOREIGN KEY ("challenger_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD CONSTRAINT "h2h_challenges_challenged_profile_id_profiles_id_fk" FOREIGN KEY ("challenged_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD CONSTRAINT "h2h_challenges_winner_profile_id_profiles_id_fk" FOREIGN KEY ("winner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_codes" ADD CONSTRAINT "item_codes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_totals" ADD CONSTRAINT "leaderboard_totals_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_passwords" ADD CONSTRAINT "member_passwords_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_events" ADD CONSTRAINT "pack_events_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_events" ADD CONSTRAINT "pack_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_graded_views" ADD CONSTRAINT "pack_graded_views_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_graded_views" ADD CONSTRAINT "pack_graded_views_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_creator_profile_id_profiles_id_fk" FOREIGN KEY ("creator_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_winner_profile_id_profiles_id_fk" FOREIGN KEY ("winner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_favorite_team_id_teams_id_fk" FOREIGN KEY ("favorite_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_referrer_profile_id_profiles_id_fk" FOREIGN KEY ("referrer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_packs" ADD CONSTRAINT "series_packs_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_packs" ADD CONSTRAINT "series_packs_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_take_id_takes_id_fk" FOREIGN KEY ("take_id") REFERENCES "public"."takes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "award_cards_code_lower_key" ON "award_cards" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "award_claims_card_profile_key" ON "award_claims" USING btree ("award_card_id","profile_id");--> statement-breakpoint
CREATE INDEX "contest_packs_pack_idx" ON "contest_packs" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contests_slug_key" ON "contests" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_league_espn_key" ON "events" USING btree ("league","espn_event_id");--> statement-breakpoint
CREATE INDEX "events_start_time_idx" ON "events" USING btree ("start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_item_code_key" ON "exchanges" USING btree ("item_code_id");--> statement-breakpoint
CREATE INDEX "exchanges_profile_idx" ON "exchanges" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_profile_team_key" ON "follows" USING btree ("profile_id","team_id") WHERE "follows"."team_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_profile_series_key" ON "follows" USING btree ("profile_id","series_id") WHERE "follows"."series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "h2h_once_per_pair_per_pack" ON "h2h_challenges" USING btree ("pack_id",least("challenger_profile_id", "challenged_profile_id"),greatest("challenger_profile_id", "challenged_profile_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_codes_item_code_key" ON "item_codes" USING btree ("item_id","code");--> statement-breakpoint
CREATE INDEX "item_codes_unused_idx" ON "item_codes" USING btree ("item_id") WHERE "item_codes"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "leaderboard_totals_rank_idx" ON "leaderboard_totals" USING btree ("scope","points" DESC NULLS LAST,"won" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pack_events_event_idx" ON "pack_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_pack_url_key" ON "packs" USING btree ("pack_url");--> statement-breakpoint
CREATE INDEX "packs_status_close_idx" ON "packs" USING btree ("status","close_time");--> statement-breakpoint
CREATE UNIQUE INDEX "players_team_espn_key" ON "players" USING btree ("team_id","espn_player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_handle_lower_key" ON "profiles" USING btree (lower("handle"));--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_phone_key" ON "profiles" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "props_pack_position_idx" ON "props" USING btree ("pack_id","position");--> statement-breakpoint
CREATE INDEX "props_event_idx" ON "props" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_profile_idempotency_key" ON "receipts" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "receipts_pack_profile_idx" ON "receipts" USING btree ("pack_id","profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "series_slug_key" ON "series" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "series_packs_pack_idx" ON "series_packs" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_dedupe_key" ON "sms_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_profile_scope_key" ON "subscriptions" USING btree ("profile_id","category","scope_key");--> statement-breakpoint
CREATE INDEX "subscriptions_scope_idx" ON "subscriptions" USING btree ("category","scope_key");--> statement-breakpoint
CREATE UNIQUE INDEX "takes_one_current_per_profile_prop" ON "takes" USING btree ("profile_id","prop_id") WHERE "takes"."is_current";--> statement-breakpoint
CREATE INDEX "takes_prop_current_idx" ON "takes" USING btree ("prop_id") WHERE "takes"."is_current";--> statement-breakpoint
CREATE INDEX "takes_pack_profile_idx" ON "takes" USING btree ("pack_id","profile_id");--> statement-breakpoint
CREATE INDEX "takes_profile_created_idx" ON "takes" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_league_espn_key" ON "teams" USING btree ("league","espn_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_league_slug_key" ON "teams" USING btree ("league","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_business_key" ON "token_ledger" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "token_ledger_profile_idx" ON "token_ledger" USING btree ("profile_id","created_at");