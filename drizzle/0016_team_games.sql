-- A team's games for team pages and filters: a season holds ~160 games per team among thousands
-- (docs/decisions/024-season-scale.md, issue 20).
CREATE INDEX "events_home_team_idx" ON "events" USING btree ("home_team_id","start_time");--> statement-breakpoint
CREATE INDEX "events_away_team_idx" ON "events" USING btree ("away_team_id","start_time");