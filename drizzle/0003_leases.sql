DROP INDEX "generations_status_created_idx";--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "generations_status_lease_idx" ON "generations" USING btree ("status","lease_expires_at");--> statement-breakpoint
-- Reservations from before leases keep the old rule: stale five minutes after they began.
UPDATE "generations" SET "lease_expires_at" = "created_at" + interval '5 minutes' WHERE "status" = 'pending';
