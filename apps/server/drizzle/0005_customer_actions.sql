CREATE TABLE "customer_action_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"action_type_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_actions_status_ck" CHECK ("customer_actions"."status" in ('pending', 'complete'))
);
--> statement-breakpoint
ALTER TABLE "customer_actions" ADD CONSTRAINT "customer_actions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_actions" ADD CONSTRAINT "customer_actions_action_type_id_customer_action_types_id_fk" FOREIGN KEY ("action_type_id") REFERENCES "public"."customer_action_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_action_types_type_code_uq" ON "customer_action_types" USING btree ("type_code");--> statement-breakpoint
CREATE INDEX "customer_actions_customer_idx" ON "customer_actions" USING btree ("customer_id","created_at");