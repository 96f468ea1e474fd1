CREATE TABLE "billing_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"amount_due" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid,
	"idempotency_key" text NOT NULL,
	"purpose" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_source_id" uuid,
	"gateway_charge_id" text,
	"processor_reason" text,
	"intent" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "charges_amount_nonnegative" CHECK ("charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product_id" text NOT NULL,
	"treatment_short_id" text,
	"contract_length" integer DEFAULT 1 NOT NULL,
	"is_upfront" boolean DEFAULT false NOT NULL,
	"price" integer NOT NULL,
	"program" text DEFAULT 'standard' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_prices_price_nonnegative" CHECK ("item_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"gateway_payment_method_id" text NOT NULL,
	"payment_type" text DEFAULT 'card' NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"billing_first_name" text,
	"billing_last_name" text,
	"billing_street_address1" text,
	"billing_street_address2" text,
	"billing_city" text,
	"billing_state" text,
	"billing_state_code" text,
	"billing_zip_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"contract_id" uuid,
	"reason" text NOT NULL,
	"other_text" text,
	"effective_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payment_sources" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"payment_source_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_quotes" ADD CONSTRAINT "billing_quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_quotes" ADD CONSTRAINT "billing_quotes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_source_id_payment_sources_id_fk" FOREIGN KEY ("payment_source_id") REFERENCES "public"."payment_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sources" ADD CONSTRAINT "payment_sources_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_sources" ADD CONSTRAINT "subscription_payment_sources_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payment_sources" ADD CONSTRAINT "subscription_payment_sources_payment_source_id_payment_sources_id_fk" FOREIGN KEY ("payment_source_id") REFERENCES "public"."payment_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_quotes_customer_idx" ON "billing_quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_idempotency_key_uq" ON "charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "charges_customer_idx" ON "charges" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_pending_idx" ON "charges" USING btree ("created_at") WHERE "charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "item_prices_treatment_idx" ON "item_prices" USING btree ("treatment_short_id");--> statement-breakpoint
CREATE INDEX "payment_sources_customer_idx" ON "payment_sources" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sources_gateway_pm_uq" ON "payment_sources" USING btree ("gateway_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_charges_key_uq" ON "sandbox_gateway_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cancellations_subscription_uq" ON "subscription_cancellations" USING btree ("subscription_id");