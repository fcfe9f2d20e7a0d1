-- Erasure finds a person's queued and sent messages by customer id, never by their text.
ALTER TABLE "outbox" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
UPDATE "outbox" SET "customer_id" = ("meta" ->> 'customer_id')::integer WHERE "meta" ->> 'customer_id' ~ '^[0-9]{1,9}$';
--> statement-breakpoint
CREATE INDEX "outbox_customer_idx" ON "outbox" USING btree ("customer_id") WHERE "customer_id" IS NOT NULL;
