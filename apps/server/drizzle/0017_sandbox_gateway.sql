CREATE TABLE "sandbox_gateway_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ALTER COLUMN "payment_method_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_payment_methods" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_checkouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_checkouts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_checkouts" ADD COLUMN "cancel_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_checkouts" ADD COLUMN "charge_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_customers_reference_uq" ON "sandbox_gateway_customers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_refunds_key_uq" ON "sandbox_gateway_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_checkouts_key_uq" ON "sandbox_gateway_checkouts" USING btree ("idempotency_key");