-- Issue 13: no instance keeps reads until a write any more (decision 051 is withdrawn), so
-- nothing listens on channel app_writes. Drops what 0005 created.
DROP TRIGGER IF EXISTS "users_notify_write" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "ad_sessions_notify_write" ON "ad_sessions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "generations_notify_write" ON "generations";--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_app_write"();
