CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_customer_id" uuid NOT NULL,
	"referee_email" text NOT NULL,
	"referee_customer_id" uuid,
	"status" text DEFAULT 'created' NOT NULL,
	"credit_cents" integer NOT NULL,
	"referrer_discount_remaining" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_sent_at" timestamp with time zone,
	"signed_up_at" timestamp with time zone,
	"discount_received_at" timestamp with time zone,
	CONSTRAINT "referrals_status_ck" CHECK ("referrals"."status" in ('coupon_code_generated', 'created', 'email_sent', 'expired', 'referee_signed_up', 'referral_invalid', 'referrer_discount_applied', 'referrer_discount_received')),
	CONSTRAINT "referrals_remaining_ck" CHECK ("referrals"."referrer_discount_remaining" is null or ("referrals"."referrer_discount_remaining" >= 0 and "referrals"."referrer_discount_remaining" <= "referrals"."credit_cents")),
	CONSTRAINT "referrals_email_lower_ck" CHECK ("referrals"."referee_email" = lower("referrals"."referee_email"))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_customer_id_customers_id_fk" FOREIGN KEY ("referrer_customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_customer_id_customers_id_fk" FOREIGN KEY ("referee_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_email_uq" ON "referrals" USING btree ("referrer_customer_id","referee_email");--> statement-breakpoint
CREATE INDEX "referrals_referee_email_idx" ON "referrals" USING btree ("referee_email");--> statement-breakpoint
CREATE INDEX "referrals_referee_customer_idx" ON "referrals" USING btree ("referee_customer_id");