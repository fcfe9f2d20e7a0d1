CREATE TABLE "ledger_totals" (
	"event_id" integer NOT NULL,
	"type" text NOT NULL,
	"station_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"online_topup_cents" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "ledger_totals_event_id_type_station_id_shard_pk" PRIMARY KEY("event_id","type","station_id","shard")
);
--> statement-breakpoint
CREATE INDEX "bracelets_event_idx" ON "bracelets" USING btree ("event_id","id");