-- The grading queue reads the props still open or closed; a season holds thousands of graded ones
-- (docs/decisions/024-season-scale.md, issue 20).
CREATE INDEX "props_ungraded_idx" ON "props" USING btree ("pack_id") WHERE "props"."status" in ('open', 'closed');