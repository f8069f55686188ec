-- Issue 27: what the "Watch Ad" card's ads did, one row per ad session and event.
CREATE TYPE "public"."ad_event" AS ENUM('impression', 'completion', 'click');--> statement-breakpoint
CREATE TABLE "ad_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_session_id" uuid NOT NULL,
	"ad_id" text NOT NULL,
	"ad_label" text NOT NULL,
	"event" "ad_event" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ad_events_session_event_unique" ON "ad_events" USING btree ("ad_session_id","event");--> statement-breakpoint
CREATE INDEX "ad_events_ad_idx" ON "ad_events" USING btree ("ad_id");