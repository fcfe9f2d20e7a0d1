CREATE TABLE "event_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ticket_type_id" integer,
	"session_id" integer,
	"texts" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "broadcast_id" integer;--> statement-breakpoint
ALTER TABLE "event_broadcasts" ADD CONSTRAINT "event_broadcasts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_broadcasts" ADD CONSTRAINT "event_broadcasts_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_broadcasts" ADD CONSTRAINT "event_broadcasts_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_broadcasts_event_idx" ON "event_broadcasts" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_broadcast_idx" ON "outbox" USING btree ("broadcast_id","status") WHERE broadcast_id IS NOT NULL;