CREATE TABLE "companion_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"language" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companion_confirmations" ADD CONSTRAINT "companion_confirmations_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_confirmations" ADD CONSTRAINT "companion_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companion_confirmations_ad" ON "companion_confirmations" USING btree ("ad_id","confirmed_at");