-- Erasure finds a person's queued and sent messages by customer id, never by their text.
ALTER TABLE "outbox" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
UPDATE "outbox" SET "customer_id" = ("meta" ->> 'customer_id')::integer WHERE "meta" ->> 'customer_id' ~ '^[0-9]{1,9}$';
--> statement-breakpoint
CREATE INDEX "outbox_customer_idx" ON "outbox" USING btree ("customer_id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
-- Issue 23 (low): devices (a browser's Visitor-Id, or an IP) that logged in to an account,
-- stored hashed: their correct password still works while an attacker elsewhere is slowed down.
CREATE TABLE "customer_known_devices" (
	"customer_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_known_devices_customer_id_device_hash_pk" PRIMARY KEY("customer_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "customer_known_devices" ADD CONSTRAINT "customer_known_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
