CREATE TABLE "checkin_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"ticket_id" integer,
	"result" text DEFAULT 'pending' NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_signing_keys" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_device_id_checkin_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."checkin_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_ticket_id_customer_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."customer_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signing_keys" ADD CONSTRAINT "event_signing_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_scans_device_nonce_idx" ON "checkin_scans" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "customer_tickets_pending_mobile_idx" ON "customer_tickets" USING btree ("pending_mobile");--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_idx" ON "ticket_transfers" USING btree ("ticket_id");