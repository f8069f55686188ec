CREATE TABLE "signup_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "signup_invites_max_uses" CHECK ("signup_invites"."max_uses" >= 1),
	CONSTRAINT "signup_invites_uses" CHECK ("signup_invites"."uses" >= 0 and "signup_invites"."uses" <= "signup_invites"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "signup_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_rules_one_row" CHECK ("signup_rules"."id" = 1),
	CONSTRAINT "signup_rules_mode" CHECK ("signup_rules"."mode" in ('open', 'invite', 'domains'))
);
--> statement-breakpoint
ALTER TABLE "signup_invites" ADD CONSTRAINT "signup_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;