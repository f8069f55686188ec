ALTER TABLE "generations" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "stopped_words" integer;