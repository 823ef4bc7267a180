CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"storage_keys" text[] NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"bytes" integer NOT NULL,
	"ad_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_ad" ON "media" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "media_owner" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "media_unattached_created" ON "media" USING btree ("created_at") WHERE "media"."ad_id" is null;--> statement-breakpoint
CREATE INDEX "media_storage_keys" ON "media" USING gin ("storage_keys");