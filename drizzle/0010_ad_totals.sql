-- Each ad's figures of all time in one row (counted from the events so far), and the
-- events go with their ad session: ad_events no longer grows with every ad ever watched,
-- nor keeps the label, which the totals now hold.
-- No instance may count an event or delete an ad session meanwhile.
LOCK TABLE "ad_sessions", "ad_events" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "ad_totals" (
	"ad_id" text PRIMARY KEY NOT NULL,
	"ad_label" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "ad_totals" ("ad_id", "ad_label", "impressions", "completions", "clicks")
SELECT "ad_id",
	(array_agg("ad_label" ORDER BY "created_at" DESC))[1],
	(count(*) FILTER (WHERE "event" = 'impression'))::int,
	(count(*) FILTER (WHERE "event" = 'completion'))::int,
	(count(*) FILTER (WHERE "event" = 'click'))::int
FROM "ad_events"
GROUP BY "ad_id";
--> statement-breakpoint
DELETE FROM "ad_events" WHERE NOT EXISTS (SELECT 1 FROM "ad_sessions" WHERE "ad_sessions"."id" = "ad_events"."ad_session_id");--> statement-breakpoint
DROP INDEX "ad_events_ad_idx";--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_ad_session_id_ad_sessions_id_fk" FOREIGN KEY ("ad_session_id") REFERENCES "public"."ad_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" DROP COLUMN "ad_label";
