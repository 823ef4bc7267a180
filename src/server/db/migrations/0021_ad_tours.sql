CREATE TABLE "ad_tours" (
	"ad_id" text NOT NULL,
	"position" integer NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_tours_ad_id_position_pk" PRIMARY KEY("ad_id","position")
);
--> statement-breakpoint
ALTER TABLE "ad_tours" ADD CONSTRAINT "ad_tours_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_tours_province_ends_idx" ON "ad_tours" USING btree ("province","ends_at");