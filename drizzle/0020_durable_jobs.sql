-- Durable jobs (docs/decisions/028-durable-jobs.md, issue 25): each periodic task claims its
-- period here, so it runs once per period across every instance running a worker; finished
-- jobs are purged after a retention window, found through their own index.
CREATE TABLE "periodic_task_runs" (
  "task" text PRIMARY KEY NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "run_by" text
);--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');
