DROP INDEX "customer_tickets_event_idx";--> statement-breakpoint
CREATE INDEX "customer_tickets_event_type_idx" ON "customer_tickets" USING btree ("event_id","ticket_type_id","id");--> statement-breakpoint
CREATE INDEX "customer_tickets_session_idx" ON "customer_tickets" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "customer_tickets_event_idx" ON "customer_tickets" USING btree ("event_id","id");