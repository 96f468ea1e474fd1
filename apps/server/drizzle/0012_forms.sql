CREATE TABLE "form_care_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_care_tasks_priority_ck" CHECK ("form_care_tasks"."priority" in ('urgent', 'routine'))
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_id" text NOT NULL,
	"url" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_definitions_kind_ck" CHECK ("form_definitions"."kind" in ('intake', 'follow_up', 'provider', 'check_in'))
);
--> statement-breakpoint
CREATE TABLE "form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"short_id" text NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"appointment_id" uuid,
	"follow_up_id" uuid,
	"treatment_short_id" text,
	"last_page" text,
	"response" jsonb NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "form_responses_status_ck" CHECK ("form_responses"."status" in ('in-progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "id_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"front_document_id" uuid,
	"back_document_id" uuid,
	"selfie_document_id" uuid,
	"rejection_reason" text,
	"rejection_note" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_verifications_status_ck" CHECK ("id_verifications"."status" in ('requested', 'in_review', 'verified', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "form_care_tasks" ADD CONSTRAINT "form_care_tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_care_tasks" ADD CONSTRAINT "form_care_tasks_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_definition_id_form_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."form_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_front_document_id_documents_id_fk" FOREIGN KEY ("front_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_back_document_id_documents_id_fk" FOREIGN KEY ("back_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_selfie_document_id_documents_id_fk" FOREIGN KEY ("selfie_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_care_tasks_response_uq" ON "form_care_tasks" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "form_care_tasks_open_idx" ON "form_care_tasks" USING btree ("status","priority","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_definitions_url_version_uq" ON "form_definitions" USING btree ("url","version");--> statement-breakpoint
CREATE INDEX "form_definitions_short_id_idx" ON "form_definitions" USING btree ("short_id","created_at");--> statement-breakpoint
CREATE INDEX "form_responses_customer_idx" ON "form_responses" USING btree ("customer_id","short_id","updated_at");--> statement-breakpoint
CREATE INDEX "id_verifications_customer_idx" ON "id_verifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "id_verifications_status_idx" ON "id_verifications" USING btree ("status","submitted_at");