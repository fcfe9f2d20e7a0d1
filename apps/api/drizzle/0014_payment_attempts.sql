-- Issue 23 item 9: one open payment attempt per order, every attempt expires, refunds run by a job.
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Before the unique index: an order with several open attempts keeps its newest one open.
UPDATE "payments" p SET "status" = 'expired', "updated_at" = now()
WHERE p."status" IN ('pending', 'requires_action')
  AND EXISTS (SELECT 1 FROM "payments" q WHERE q."order_id" = p."order_id"
    AND q."status" IN ('pending', 'requires_action') AND q."id" > p."id");--> statement-breakpoint
-- Open attempts from before every attempt had an expiry: the expiry job ends them.
UPDATE "payments" SET "expires_at" = "created_at" + interval '30 minutes'
WHERE "expires_at" IS NULL AND "status" IN ('pending', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_idx" ON "payments" USING btree ("order_id") WHERE "status" IN ('pending', 'requires_action');--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_next_at") WHERE "status" = 'refund_pending';--> statement-breakpoint
-- Attempts that still remember what was asked (MB WAY phone): the expiry job forgets it.
CREATE INDEX "payments_request_memory_idx" ON "payments" USING btree ("updated_at") WHERE "meta" ? 'request';
