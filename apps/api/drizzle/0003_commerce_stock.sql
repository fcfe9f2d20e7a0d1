CREATE TABLE "event_day_stock" (
	"event_id" integer NOT NULL,
	"day" text NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_day_stock_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_days" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_day_stock" ADD CONSTRAINT "event_day_stock_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" USING btree ("cart_id","ticket_type_id",coalesce(session_id, 0));--> statement-breakpoint
CREATE UNIQUE INDEX "carts_visitor_event_idx" ON "carts" USING btree ("visitor_id","event_id") WHERE customer_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_customer_event_idx" ON "carts" USING btree ("customer_id","event_id") WHERE customer_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idem_idx" ON "payments" USING btree ("order_id","idempotency_key");