CREATE TABLE "bulk_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"method" text NOT NULL,
	"vial_count" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_payment_method_id" text,
	"gateway_charge_id" text,
	"processor_reason" text,
	"action_completed" boolean DEFAULT false NOT NULL,
	"completion_error" text,
	"completion_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bulk_charges_amount_positive" CHECK ("bulk_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bulk_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"vial_count" integer NOT NULL,
	"treatment_short_id" text NOT NULL,
	"encounter" text NOT NULL,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"action_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_orders_vial_count_ck" CHECK ("bulk_orders"."vial_count" between 2 and 6)
);
--> statement-breakpoint
CREATE TABLE "gateway_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_charges" ADD CONSTRAINT "bulk_charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_charges" ADD CONSTRAINT "bulk_charges_action_id_customer_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."customer_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_action_id_customer_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."customer_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_charges_action_uq" ON "bulk_charges" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "bulk_charges_pending_idx" ON "bulk_charges" USING btree ("created_at") WHERE "bulk_charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bulk_orders_customer_idx" ON "bulk_orders" USING btree ("customer_id","created_at");