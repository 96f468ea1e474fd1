CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"processor_refund_id" text,
	"reason" text NOT NULL,
	"processor_reason" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "processor_customers" (
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"processor_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_customers_customer_id_provider_pk" PRIMARY KEY("customer_id","provider")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "processor" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "processor_customer_id" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "on_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "invoice" jsonb;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "fulfilment_error" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "fulfilment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_customers" ADD CONSTRAINT "processor_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_uq" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_charge_idx" ON "payment_refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_customers_processor_uq" ON "processor_customers" USING btree ("provider","processor_customer_id");--> statement-breakpoint
CREATE INDEX "charges_purpose_reference_idx" ON "charges" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "charges_unfulfilled_idx" ON "charges" USING btree ("created_at") WHERE "charges"."status" = 'succeeded' and "charges"."fulfilled_at" is null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_amount_refunded_within" CHECK ("charges"."amount_refunded" >= 0 and "charges"."amount_refunded" <= "charges"."amount");
--> statement-breakpoint
-- Issue 39: one ledger. Billing's charges keep their rows; what the engine now reads from
-- columns (the processor's payment method, the owner's reference, the invoice draft, whether
-- what was paid for was applied) is filled in from what they held.
UPDATE "charges" AS c SET "payment_method_id" = ps."gateway_payment_method_id"
FROM "payment_sources" AS ps WHERE ps."id" = c."payment_source_id";--> statement-breakpoint
UPDATE "charges" SET
  "reference" = "subscription_id"::text,
  "invoice" = "intent"->'invoice',
  "intent" = "intent" - 'invoice',
  "description" = CASE "purpose" WHEN 'renewal' THEN 'Renewal ' ELSE 'Plan change ' END || coalesce("subscription_id"::text, ''),
  "fulfilled_at" = CASE WHEN "status" = 'succeeded' THEN coalesce("settled_at", "created_at") END;--> statement-breakpoint
-- Every bulk_charges row becomes a charge with the same id (nothing paid is lost): a card
-- attempt keeps its idempotency key (bulk:<action>:<payment method>), a pay-later checkout
-- becomes a succeeded charge with method checkout; one paid whose action could not be
-- completed stays unfulfilled, with its error and attempts, for the job and the care team.
INSERT INTO "charges" (
  "id", "customer_id", "purpose", "reference", "idempotency_key", "method", "amount",
  "currency", "processor", "status", "payment_method_id", "gateway_charge_id",
  "processor_reason", "on_session", "description", "intent", "invoice", "fulfilled_at",
  "fulfilment_error", "fulfilment_attempts", "created_at", "settled_at"
)
SELECT
  b."id", b."customer_id", 'bulk_order', b."action_id"::text,
  CASE b."method"
    WHEN 'bnpl' THEN 'checkout:' || coalesce(b."gateway_charge_id", b."id"::text)
    ELSE 'bulk:' || b."action_id"::text || ':' || coalesce(b."gateway_payment_method_id", 'none')
  END,
  CASE b."method" WHEN 'bnpl' THEN 'checkout' ELSE 'card' END,
  b."amount", 'usd', 'sandbox', b."status", b."gateway_payment_method_id", b."gateway_charge_id",
  b."processor_reason", b."method" = 'card',
  'Bulk semaglutide, ' || b."vial_count"::text || ' vials',
  jsonb_build_object(
    'kind', 'bulk_order', 'customerId', b."customer_id", 'actionId', b."action_id",
    'vialCount', b."vial_count"
  ),
  jsonb_build_object(
    'description', 'Bulk semaglutide, ' || b."vial_count"::text || ' vials',
    'lines', jsonb_build_array(jsonb_build_object(
      'kind', 'medication',
      'description', 'Bulk semaglutide, ' || b."vial_count"::text || ' vials',
      'amount', b."amount",
      'medication', 'Semaglutide 12.5 mg per vial, ' || b."vial_count"::text || ' vials'
    )),
    'serviceDate', to_char(coalesce(b."settled_at", b."created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'providerName', NULL
  ),
  CASE WHEN b."status" = 'succeeded' AND b."action_completed" THEN coalesce(b."settled_at", b."created_at") END,
  b."completion_error", b."completion_attempts", b."created_at", b."settled_at"
FROM "bulk_charges" AS b;--> statement-breakpoint
-- A paid bulk order has its invoice (with the customer's newest shipping address, as issuing
-- takes it) and its order row says paid, with the date.
INSERT INTO "invoices" (
  "customer_id", "charge_id", "status", "description", "total", "amount_paid", "currency",
  "lines", "shipping_address", "service_date", "issued_at", "updated_at"
)
SELECT
  c."customer_id", c."id", 'paid', c."invoice"->>'description', c."amount", c."amount", 'USD',
  c."invoice"->'lines',
  (
    SELECT jsonb_build_object(
      'streetAddress1', a."street_address1", 'streetAddress2', a."street_address2",
      'city', a."city", 'state', a."state", 'stateCode', a."state_code", 'zipCode', a."zip_code"
    )
    FROM "customer_addresses" AS a
    WHERE a."customer_id" = c."customer_id" AND a."address_type" = 'SHIPPING'
    ORDER BY a."created_at" DESC LIMIT 1
  ),
  (c."invoice"->>'serviceDate')::date, coalesce(c."settled_at", c."created_at"),
  coalesce(c."settled_at", c."created_at")
FROM "charges" AS c
WHERE c."purpose" = 'bulk_order' AND c."status" = 'succeeded'
ON CONFLICT ("charge_id") DO NOTHING;--> statement-breakpoint
UPDATE "bulk_orders" AS o SET "status" = 'paid', "paid_at" = coalesce(c."settled_at", c."created_at")
FROM "charges" AS c
WHERE c."purpose" = 'bulk_order' AND c."status" = 'succeeded'
  AND c."reference" = o."action_id"::text AND o."status" = 'approved';--> statement-breakpoint
ALTER TABLE "bulk_charges" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "bulk_charges" CASCADE;--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_payment_source_id_payment_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP COLUMN "payment_source_id";