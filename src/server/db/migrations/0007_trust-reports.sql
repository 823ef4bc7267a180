CREATE TABLE "ad_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" text NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_appeals_note_length" CHECK (char_length("ad_appeals"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "hold_category" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "held_remaining_ms" bigint;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_appeals" ADD CONSTRAINT "ad_appeals_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_appeals_ad_hold" ON "ad_appeals" USING btree ("ad_id","held_at");--> statement-breakpoint
CREATE INDEX "ad_reports_reporter_at" ON "ad_reports" USING btree ("reporter","at");--> statement-breakpoint
CREATE INDEX "ad_reports_address_at" ON "ad_reports" USING btree ("address","at") WHERE "ad_reports"."address" is not null;