CREATE TABLE "legal_hold_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" jsonb,
	"storage_key" text,
	"bytes" integer,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" text NOT NULL,
	"ad_title" text DEFAULT '' NOT NULL,
	"account_id" text,
	"account_email" text,
	"reason" text NOT NULL,
	"external_reference" text DEFAULT '' NOT NULL,
	"placed_by" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kept_until" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_reason" text
);
--> statement-breakpoint
ALTER TABLE "legal_hold_items" ADD CONSTRAINT "legal_hold_items_hold_id_legal_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."legal_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_hold_items_hold" ON "legal_hold_items" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "legal_hold_items_key" ON "legal_hold_items" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "legal_holds_ad" ON "legal_holds" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "legal_holds_account" ON "legal_holds" USING btree ("account_id");