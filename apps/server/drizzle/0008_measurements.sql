CREATE TABLE "measurement_change_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text DEFAULT 'starting_weight' NOT NULL,
	"value" integer NOT NULL,
	"unit" text DEFAULT 'hundredthsOfAPound' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_change_forms_type_ck" CHECK ("measurement_change_forms"."type" = 'starting_weight'),
	CONSTRAINT "measurement_change_forms_status_ck" CHECK ("measurement_change_forms"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "measurement_change_forms_value_ck" CHECK ("measurement_change_forms"."value" between 5000 and 140000)
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"unit" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"recorded_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurements_type_ck" CHECK ("measurements"."type" in ('goal_weight', 'height', 'starting_weight', 'weight')),
	CONSTRAINT "measurements_unit_ck" CHECK ("measurements"."unit" in ('hundredthsOfAPound', 'inches')),
	CONSTRAINT "measurements_source_ck" CHECK ("measurements"."source" in ('manual', 'import', 'care_team')),
	CONSTRAINT "measurements_value_ck" CHECK (("measurements"."type" = 'height' and "measurements"."unit" = 'inches' and "measurements"."value" between 1 and 108)
        or ("measurements"."type" <> 'height' and "measurements"."unit" = 'hundredthsOfAPound'
          and "measurements"."value" between 5000 and 140000))
);
--> statement-breakpoint
ALTER TABLE "measurement_change_forms" ADD CONSTRAINT "measurement_change_forms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_change_forms_customer_idx" ON "measurement_change_forms" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "measurements_customer_idx" ON "measurements" USING btree ("customer_id","type","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_import_uq" ON "measurements" USING btree ("customer_id","recorded_at") WHERE "measurements"."source" = 'import' and "measurements"."type" = 'weight';