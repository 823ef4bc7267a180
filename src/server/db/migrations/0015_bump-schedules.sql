CREATE TABLE "bump_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"time_zone" text,
	"times" jsonb,
	"days" integer,
	"short_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bump_schedules" ADD CONSTRAINT "bump_schedules_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bump_schedules" ADD CONSTRAINT "bump_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bump_schedules_ad_idx" ON "bump_schedules" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_scheduled_unique" ON "wallet_transactions" USING btree ("schedule_id","scheduled_for");