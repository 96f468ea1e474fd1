ALTER TABLE "form_responses" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "form_responses_unreviewed_idx" ON "form_responses" USING btree ("completed_at") WHERE "form_responses"."status" = 'completed' and "form_responses"."reviewed_at" is null;