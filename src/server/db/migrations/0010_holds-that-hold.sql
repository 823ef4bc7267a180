CREATE TABLE "ad_snapshots" (
	"ad_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"text_hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"media_ids" text[] NOT NULL,
	"storage_keys" text[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_snapshots_ad_id_content_hash_pk" PRIMARY KEY("ad_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "last_bump_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "judged_hash" text;--> statement-breakpoint
ALTER TABLE "ad_snapshots" ADD CONSTRAINT "ad_snapshots_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_snapshots_text" ON "ad_snapshots" USING btree ("text_hash");--> statement-breakpoint
CREATE INDEX "ad_snapshots_storage_keys" ON "ad_snapshots" USING gin ("storage_keys");--> statement-breakpoint
CREATE INDEX "ad_snapshots_media_ids" ON "ad_snapshots" USING gin ("media_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_ad_email" ON "ad_reports" USING btree ("ad_id","email_hash");--> statement-breakpoint
CREATE INDEX "ad_reports_email_at" ON "ad_reports" USING btree ("email_hash","at") WHERE "ad_reports"."email_hash" is not null;
--> statement-breakpoint
-- the spacing between bumps counts from the last paid bump: ads bumped before this column existed keep theirs
UPDATE "ads" SET "last_bump_at" = (SELECT max(e."at") FROM "ad_events" e WHERE e."ad_id" = "ads"."id" AND e."kind" = 'bumped');
