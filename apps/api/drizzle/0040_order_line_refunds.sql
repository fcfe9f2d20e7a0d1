CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"lines" jsonb NOT NULL,
	"tickets_cents" integer NOT NULL,
	"topup_cents" integer NOT NULL,
	"service_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"ticket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"refund_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"reason" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" IN ('pending', 'refunded', 'failed')),
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idem_idx" ON "order_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_open_idx" ON "order_refunds" USING btree ("status","created_at") WHERE status IN ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_check" CHECK ("order_lines"."refunded_qty" >= 0 AND "order_lines"."refunded_qty" <= "order_lines"."qty" AND "order_lines"."refunded_cents" >= 0);