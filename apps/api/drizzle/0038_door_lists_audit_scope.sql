CREATE TABLE "checkin_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"gate" text NOT NULL,
	"ticket_type_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"session_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"days" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "organizer_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "staff_session_id" integer;--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD COLUMN "list_id" integer;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_lists_event_idx" ON "checkin_lists" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "checkin_devices" ADD CONSTRAINT "checkin_devices_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_organizer_idx" ON "audit_log" USING btree ("organizer_id","id") WHERE organizer_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event_id","id") WHERE event_id IS NOT NULL;--> statement-breakpoint
-- Backfill: the back office's entries (actor staff:<id>) get the event and organiser they can be traced to.
UPDATE "audit_log" SET "event_id" = ("data"->>'event_id')::int
  WHERE "actor" LIKE 'staff:%' AND "data"->>'event_id' ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_log" SET "event_id" = "entity_id"::int
  WHERE "actor" LIKE 'staff:%' AND "event_id" IS NULL AND "entity" = 'event' AND "entity_id" ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_log" a SET "event_id" = x."event_id" FROM "checkin_devices" x
  WHERE a."actor" LIKE 'staff:%' AND a."event_id" IS NULL AND a."entity" = 'checkin_device' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "event_id" = x."event_id" FROM "stations" x
  WHERE a."actor" LIKE 'staff:%' AND a."event_id" IS NULL AND a."entity" = 'station' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "event_id" = x."event_id" FROM "ticket_types" x
  WHERE a."actor" LIKE 'staff:%' AND a."event_id" IS NULL AND a."entity" = 'ticket_type' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "event_id" = x."event_id" FROM "event_sessions" x
  WHERE a."actor" LIKE 'staff:%' AND a."event_id" IS NULL AND a."entity" = 'event_session' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "event_id" = x."event_id" FROM "capacity_groups" x
  WHERE a."actor" LIKE 'staff:%' AND a."event_id" IS NULL AND a."entity" = 'capacity_group' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "organizer_id" = e."organizer_id" FROM "events" e
  WHERE a."event_id" = e."id" AND a."organizer_id" IS NULL;--> statement-breakpoint
UPDATE "audit_log" SET "organizer_id" = "entity_id"::int
  WHERE "actor" LIKE 'staff:%' AND "organizer_id" IS NULL AND "entity" = 'organizer' AND "entity_id" ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_log" SET "organizer_id" = ("data"->>'organizer_id')::int
  WHERE "actor" LIKE 'staff:%' AND "organizer_id" IS NULL AND "data"->>'organizer_id' ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_log" a SET "organizer_id" = x."organizer_id" FROM "api_keys" x
  WHERE a."actor" LIKE 'staff:%' AND a."organizer_id" IS NULL AND a."entity" = 'api_key' AND a."entity_id" = x."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "organizer_id" = x."organizer_id" FROM "webhook_endpoints" x
  WHERE a."actor" LIKE 'staff:%' AND a."organizer_id" IS NULL AND a."entity" = 'webhook_endpoint' AND a."entity_id" = x."id"::text;
