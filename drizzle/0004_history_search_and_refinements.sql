-- Trigram indexes for history search; a trusted extension, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "variant" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "root_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "refinement" text;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_parent_id_generations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_root_id_generations_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_root_idx" ON "generations" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "generations_parent_idx" ON "generations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "generations_search_idx" ON "generations" USING gin (("subject" || ' ' || coalesce("generated_content", '')) gin_trgm_ops);