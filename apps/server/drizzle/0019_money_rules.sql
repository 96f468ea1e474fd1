CREATE TABLE "card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"fingerprint" text,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_quotes" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_sources" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attention_details" jsonb;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attention_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_attempts_customer_idx" ON "card_attempts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "card_attempts_fingerprint_idx" ON "card_attempts" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "payment_sources_to_detach_idx" ON "payment_sources" USING btree ("updated_at") WHERE "payment_sources"."status" in ('removed', 'replaced') and "payment_sources"."detached_at" is null;--> statement-breakpoint
CREATE INDEX "charges_attention_idx" ON "charges" USING btree ("attention_at") WHERE "charges"."attention" is not null and "charges"."attention_resolved_at" is null;