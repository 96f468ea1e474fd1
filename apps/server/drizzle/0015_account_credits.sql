CREATE TABLE "account_credits" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_balance_nonnegative" CHECK ("account_credits"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;