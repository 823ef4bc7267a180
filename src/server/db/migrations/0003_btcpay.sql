ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type";--> statement-breakpoint
ALTER TABLE "crypto_charges" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type" CHECK ("wallet_transactions"."type" in ('topup', 'post', 'bump', 'credit'));