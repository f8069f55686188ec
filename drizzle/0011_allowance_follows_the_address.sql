-- Decision 084: what happened outlives what is kept. text_records holds one row per text,
-- written by the database as the text is made and settled, so that deleting a text, an
-- account or a guest no longer frees trial room or lowers the console's figures;
-- allowance_holds keeps what a deleted account had left of its week, under a hash of its
-- address, for 8 days.
CREATE TABLE "allowance_holds" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"week" text NOT NULL,
	"credits" integer NOT NULL,
	"week_cap" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_records" (
	"generation_id" uuid PRIMARY KEY NOT NULL,
	"by_guest" boolean NOT NULL,
	"address_hash" text,
	"status" "generation_status" NOT NULL,
	"model_used" text,
	"cost" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "allowance_holds_expires_idx" ON "allowance_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "text_records_address_created_idx" ON "text_records" USING btree ("address_hash","created_at") WHERE "text_records"."address_hash" is not null;--> statement-breakpoint
CREATE INDEX "text_records_created_idx" ON "text_records" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "record_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "text_records" ("generation_id", "by_guest", "address_hash", "status", "model_used", "cost", "created_at")
  VALUES (NEW."id", NEW."user_id" IS NULL, NEW."address_hash", NEW."status", NEW."model_used", NEW."cost", NEW."created_at")
  ON CONFLICT ("generation_id") DO UPDATE
    SET "status" = EXCLUDED."status", "model_used" = EXCLUDED."model_used", "cost" = EXCLUDED."cost";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A version edited by hand is no written text.
CREATE TRIGGER "generations_record_text" AFTER INSERT OR UPDATE OF "status", "model_used", "cost" ON "generations"
  FOR EACH ROW WHEN (NEW."refinement" IS DISTINCT FROM 'edited') EXECUTE FUNCTION "record_text"();--> statement-breakpoint
-- The texts written so far; a guest's text that moved to an account still has its guest_id.
INSERT INTO "text_records" ("generation_id", "by_guest", "address_hash", "status", "model_used", "cost", "created_at")
SELECT "id", "guest_id" IS NOT NULL,
  CASE WHEN "created_at" > now() - interval '1 day' THEN "address_hash" END,
  "status", "model_used", "cost", "created_at"
FROM "generations"
WHERE "refinement" IS DISTINCT FROM 'edited'
ON CONFLICT DO NOTHING;
