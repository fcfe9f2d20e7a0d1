CREATE INDEX "orders_event_status_idx" ON "orders" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "customer_tickets_event_idx" ON "customer_tickets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "wallets_event_idx" ON "wallets" USING btree ("event_id");