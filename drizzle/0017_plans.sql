CREATE TABLE "account_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_plans" (
	"domain" text PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "named_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"weekly_allowance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly_allowance" integer NOT NULL,
	"cost_per_text" integer NOT NULL,
	"trial_credits" integer NOT NULL,
	"trial_texts_per_network" integer NOT NULL,
	"ad_reward" integer NOT NULL,
	"ads_per_day" integer NOT NULL,
	"reset_day" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_plans" ADD CONSTRAINT "account_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_plans" ADD CONSTRAINT "account_plans_plan_id_named_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."named_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_plans" ADD CONSTRAINT "domain_plans_plan_id_named_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."named_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "named_plans_name_idx" ON "named_plans" USING btree (lower("name"));