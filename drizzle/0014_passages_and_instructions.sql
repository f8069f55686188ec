-- Issue 43 (decision 089): a version made by an instruction keeps its words, and one made
-- by a passage change keeps the range of its parent's text that it replaced.
ALTER TABLE "generations" ADD COLUMN "instruction" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "passage_start" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "passage_end" integer;