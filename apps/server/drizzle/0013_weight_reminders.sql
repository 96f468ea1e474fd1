CREATE TABLE "weight_reminders" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"last_reminded_at" timestamp with time zone NOT NULL,
	"mailed" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weight_reminders" ADD CONSTRAINT "weight_reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;