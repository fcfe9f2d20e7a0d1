CREATE TABLE "event_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"session_id" integer,
	"kind" text NOT NULL,
	"previous" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"refund_until" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_changes_event_idx" ON "event_changes" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_changes_one_cancel_idx" ON "event_changes" USING btree ("event_id",coalesce("session_id", 0)) WHERE "event_changes"."kind" = 'cancel';