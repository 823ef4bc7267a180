CREATE TABLE "shared_contact_dismissals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"contact" text NOT NULL,
	"accounts" text NOT NULL,
	"admin" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_contact_dismissals_once" UNIQUE("kind","contact","accounts")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;