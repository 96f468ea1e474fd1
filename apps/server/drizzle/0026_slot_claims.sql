CREATE TABLE "slot_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"appointment_id" uuid,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_claims_range" CHECK ("slot_claims"."end" > "slot_claims"."start"),
	CONSTRAINT "slot_claims_kind" CHECK (("slot_claims"."appointment_id" is null) = ("slot_claims"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_claims_appointment_uq" ON "slot_claims" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "slot_claims_customer_hold_idx" ON "slot_claims" USING btree ("customer_id") WHERE "slot_claims"."expires_at" is not null;--> statement-breakpoint
-- Issue 43: no two claims on one provider's time overlap, booked visits and holds alike. One
-- constraint over one table: a visit's claim is kept by the trigger below, in the visit's own
-- statement. btree_gist gives gist the uuid equality; it is a trusted extension (PostgreSQL
-- 13+), and PGlite loads it (db/pglite-client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start", "end") WITH &&);--> statement-breakpoint
-- A visit claims its time while it is live: not async, and not in a status that gives the time
-- back (the domain's SLOT_RELEASING_STATUSES, as the live-slot unique index reads them).
CREATE OR REPLACE FUNCTION appointments_slot_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.provider_id = OLD.provider_id AND NEW.start = OLD.start
    AND NEW."end" = OLD."end" AND NEW.is_async = OLD.is_async AND NEW.status = OLD.status
    AND NEW.customer_id = OLD.customer_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM slot_claims WHERE appointment_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_async AND NEW."end" > NEW.start
    AND NEW.status NOT IN ('cancelled', 'voided', 'expired') THEN
    INSERT INTO slot_claims (provider_id, customer_id, appointment_id, start, "end")
    VALUES (NEW.provider_id, NEW.customer_id, NEW.id, NEW.start, NEW."end");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appointments_slot_claim AFTER INSERT OR UPDATE OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION appointments_slot_claim();--> statement-breakpoint
-- The live visits already booked claim their time; of visits that overlapped before the
-- constraint (none the app could book at one start), the first kept claims it.
INSERT INTO slot_claims (provider_id, customer_id, appointment_id, start, "end")
SELECT provider_id, customer_id, id, start, "end" FROM appointments
WHERE NOT is_async AND status NOT IN ('cancelled', 'voided', 'expired') AND "end" > start
ORDER BY start, id
ON CONFLICT DO NOTHING;
