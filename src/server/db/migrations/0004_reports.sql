CREATE TABLE "ad_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" text NOT NULL,
	"reporter" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ad_reports_details_length" CHECK (char_length("ad_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_ad_reporter" ON "ad_reports" USING btree ("ad_id","reporter");--> statement-breakpoint
CREATE INDEX "ad_reports_open" ON "ad_reports" USING btree ("ad_id") WHERE "ad_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "admin_audit_at" ON "admin_audit" USING btree ("at" DESC NULLS LAST);