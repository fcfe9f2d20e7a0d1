ALTER TABLE "event_sessions" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
-- sessions cancelled before the column existed
UPDATE "event_sessions" s SET "status" = 'cancelled' FROM "event_changes" c WHERE c.session_id = s.id AND c.kind = 'cancel';
