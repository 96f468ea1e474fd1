CREATE TABLE "care_queue_claims" (
	"item_key" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_care_tasks" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "form_care_tasks" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attention_resolved_by" text;--> statement-breakpoint
CREATE INDEX "bulk_orders_awaiting_idx" ON "bulk_orders" USING btree ("created_at") WHERE "bulk_orders"."status" = 'awaiting_approval';--> statement-breakpoint
CREATE INDEX "invoices_payment_due_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."status" = 'payment_due';--> statement-breakpoint
CREATE INDEX "shipment_events_latest_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "shipments_in_transit_idx" ON "shipments" USING btree ("shipped_at") WHERE "shipments"."delivered_at" is null and "shipments"."shipped_at" is not null;