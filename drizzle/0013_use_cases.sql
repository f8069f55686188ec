ALTER TABLE "generations" ADD COLUMN "use_case" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "fields" jsonb;